import type { DatabaseStatementJson, DatabaseStatementsJson, RawEvent } from '@portcullis/shared';

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A statement of a session's playback, from its audit event (db.session.query, or .failed when the gateway refused it). */
export function presentStatement(event: RawEvent, sessionStart: number): DatabaseStatementJson {
  const at = Date.parse(text(event.time));
  const parameters = Array.isArray(event.db_query_parameters) ? event.db_query_parameters.map(String) : undefined;
  return {
    time: text(event.time),
    offset_ms: Math.max(0, at - sessionStart),
    query: text(event.db_query),
    ...(parameters?.length && { parameters }),
    ...(event.event === 'db.session.query.failed' && { refused: text(event.error) }),
  };
}

/** The session a playback page is about, from its start event and (once it has ended) its end event. */
export function presentStatementsSession(start: RawEvent, end: RawEvent | undefined): DatabaseStatementsJson['session'] {
  return {
    sid: text(start.sid),
    user: text(start.user),
    db_service: text(start.db_service),
    db_protocol: text(start.db_protocol),
    db_user: text(start.db_user),
    db_name: text(start.db_name),
    session_start: text(start.time),
    ...(end && { session_stop: text(end.time) }),
  };
}
