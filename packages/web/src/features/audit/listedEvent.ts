import { auditQueryText, type AuditEvent, makeEvent, type RawEvent } from '@portcullis/shared';

/**
 * An event as the audit list shows it: a database query's statement (db.session.query and .failed) is cut to
 * shared's AUDIT_QUERY_MAX_LENGTH in the description, so one long statement does not swamp the list. The raw
 * event, which the details dialog shows, keeps the whole statement.
 */
export function listedEvent(raw: RawEvent): AuditEvent {
  const event = makeEvent(raw);
  if (typeof raw.db_query !== 'string') return event;
  return { ...event, message: makeEvent({ ...raw, db_query: auditQueryText(raw.db_query) }).message };
}
