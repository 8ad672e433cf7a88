import { apiPaths, type DatabaseStatementsJson } from '@portcullis/shared';
import { decodeCursor, encodeCursor } from '../../../management/audit/cursor';
import { recordEvent } from '../../../management/audit/record';
import { badRequest, notFound } from '../../../platform/access/errors';
import type { Gateway } from '../../../platform/server/context';
import { statementsParams, statementsQuery } from '../schemas';
import { presentStatement, presentStatementsSession } from './presenter';

/** Statements a page of the playback holds. */
const pageSize = 500;
const statementTypes = ['db.session.query', 'db.session.query.failed'];

/**
 * A database session's playback: its statements from the audit log, in the order they were sent, with their
 * offset from the session's start. Reading it is reading a recording (the session's role rule), audited once
 * per viewing, on the first page.
 */
export function databasePlaybackRoutes(gw: Gateway) {
  gw.route('GET', apiPaths.databaseStatements, {
    access: { resource: 'session', verb: 'read' },
    params: statementsParams,
    query: statementsQuery,
    handler: async ({ identity, params, query }) => {
      const after = query.startKey ? decodeCursor(query.startKey) : undefined;
      if (query.startKey && !after) throw badRequest('startKey is not one this endpoint gave out: start again without it');
      const bounds = await gw.store.events.ofSession(params.sid, ['db.session.start', 'db.session.end'], 2);
      const start = bounds.events.find((e) => e.data.event === 'db.session.start');
      if (!start) throw notFound(`no database session ${params.sid}`);
      const end = bounds.events.find((e) => e.data.event === 'db.session.end');
      const page = await gw.store.events.ofSession(params.sid, statementTypes, pageSize, after);
      if (!after) await recordEvent(gw.store, 'SESSION_RECORDING_ACCESS', { user: identity!.user.name, sid: params.sid });
      return {
        session: presentStatementsSession(start.data, end?.data),
        statements: page.events.map((e) => presentStatement(e.data, start.time)),
        startKey: page.next ? encodeCursor(page.next) : '',
      } satisfies DatabaseStatementsJson;
    },
  });
}
