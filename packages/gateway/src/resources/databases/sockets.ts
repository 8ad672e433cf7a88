import { DATABASE_CONSOLE_MAX_ROWS, databaseQueryMessage, websocketPaths, type DatabaseConsoleMessage } from '@portcullis/shared';
import type { WebSocket } from 'ws';
import type { Identity } from '../../platform/access/identity';
import { askOnSocket, sessionMfaRequired, sessionMfaTimeoutMs } from '../core/sessionMfa';
import { holdIncoming, refuse, type Held } from '../core/socket';
import { bridge } from '../core/socketBridge';
import { recordEvent } from '../../management/audit/record';
import { databaseAuditFields } from './kind';
import { protocols } from './protocols';
import type { ConsoleClient } from './protocols/protocol';
import type { DatabaseRecord } from './repo';
import { databaseParams, databaseSocketQuery } from './schemas';
import { chooseDatabase } from './session/choose';
import { duplexPair } from './session/duplexPair';
import { serveDatabaseSession, type DatabaseSessionDeps } from './session/pipeline';

export interface DatabaseSocketDeps extends DatabaseSessionDeps {
  /** How long the client has to answer a second-factor challenge. */
  mfaTimeoutMs?: number;
}

/** The database a client names, if it exists and the user's roles reach it at all (db_labels); otherwise why not. */
async function choose(deps: DatabaseSocketDeps, identity: Identity, name: string): Promise<DatabaseRecord | string> {
  const choice = await chooseDatabase(deps.databases, identity, name, deps.gw.now());
  return 'refused' in choice ? choice.refused : choice.db;
}

/** Per-session MFA, asked on the socket as the terminal does; the refusal is audited. Undefined when the session may open. */
async function secondFactor(deps: DatabaseSocketDeps, socket: WebSocket, held: Held, identity: Identity, db: DatabaseRecord, who: { user?: string; name?: string }, remoteAddr: string) {
  if (!sessionMfaRequired(identity)) return undefined;
  const reason = await askOnSocket(deps.gw.mfa, socket, held, identity, remoteAddr, deps.mfaTimeoutMs ?? sessionMfaTimeoutMs);
  if (reason) await recordEvent(deps.gw.store, 'DATABASE_SESSION_STARTED_FAILURE', { user: identity.user.name, ...databaseAuditFields(db, who.user ?? '', who.name ?? ''), error: reason, 'addr.remote': remoteAddr });
  return reason;
}

/**
 * The two ways into a database: `portcullis proxy db` carries a real client's protocol bytes over one websocket
 * per connection (binary frames both ways); the browser's query console sends statements as JSON and gets rows
 * back, from a real client library the gateway runs against its own side of the connection. Both go through the
 * same session (serveDatabaseSession): the same checks, the same audit.
 */
export function databaseSocketRoutes(deps: DatabaseSocketDeps) {
  const access = { signedIn: 'who may reach which database, as which user and name, is decided per session by the roles (db_labels, db_users, db_names)' } as const;

  deps.gw.socket(websocketPaths.databaseConnect, {
    access,
    params: databaseParams,
    query: databaseSocketQuery,
    handler: async (socket, { identity, params, query, req }) => {
      socket.on('error', () => undefined); // a client that vanishes mid-frame is handled by 'close'
      const held = holdIncoming(socket);
      const db = await choose(deps, identity!, params.database);
      if (typeof db === 'string') return refuse(socket, db);
      const mfaRefusal = await secondFactor(deps, socket, held, identity!, db, { user: query.db_user, name: query.db_name }, req.ip);
      if (mfaRefusal) return refuse(socket, `access to database ${db.name} denied: ${mfaRefusal}`);
      const [client, gatewaySide] = duplexPair();
      const carried = bridge(socket, client, held());
      await serveDatabaseSession(deps, { identity: identity!, db, client: gatewaySide, defaults: { user: query.db_user, database: query.db_name }, remoteAddr: req.ip });
      await carried;
    },
  });

  deps.gw.socket(websocketPaths.databaseConsole, {
    access,
    params: databaseParams,
    query: databaseSocketQuery,
    handler: async (socket, { identity, params, query, req }) => {
      socket.on('error', () => undefined);
      const send = (message: DatabaseConsoleMessage) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(message));
      const fail = (message: string) => {
        send({ type: 'error', message });
        socket.close(1000, 'refused');
      };
      const held = holdIncoming(socket);
      const db = await choose(deps, identity!, params.database);
      if (typeof db === 'string') return fail(db);
      if (!query.db_user) return fail('choose the database user to connect as (db_user)');
      const who = { user: query.db_user, database: query.db_name ?? '' };
      // The console's page cannot answer a second-factor challenge yet: say so at once rather than let it time out.
      if (sessionMfaRequired(identity!)) {
        const reason = 'your roles require a second factor for every session, which the query console cannot ask for yet: use portcullis db connect';
        await recordEvent(deps.gw.store, 'DATABASE_SESSION_STARTED_FAILURE', { user: identity!.user.name, ...databaseAuditFields(db, who.user, who.database), error: reason, 'addr.remote': req.ip });
        return fail(`access to database ${db.name} denied: ${reason}`);
      }
      const [consoleSide, gatewaySide] = duplexPair();
      let sid = '';
      let refused: string | undefined;
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      const session = serveDatabaseSession(deps, {
        identity: identity!,
        db,
        client: gatewaySide,
        defaults: { user: who.user, database: who.database },
        remoteAddr: req.ip,
        onStarted: (id) => {
          sid = id;
          started();
        },
        onRefused: (reason) => (refused = reason),
      });
      let console: ConsoleClient;
      try {
        console = await protocols[db.protocol].console(consoleSide, who);
      } catch (err) {
        consoleSide.destroy();
        await session;
        return fail((err as Error).message);
      }
      // A Redis client is ready before the session has even dialled (Redis says nothing when a connection opens),
      // so the console waits for the session to start; a refusal (a user the roles do not grant, a database that
      // cannot be reached) is then said as such, not shown as a console that closes unexplained.
      if ((await Promise.race([running.then(() => 'started' as const), session])) !== 'started') {
        consoleSide.destroy();
        return fail(refused ?? `the session on database ${db.name} ended before it started`);
      }
      send({ type: 'ready', sid, protocol: db.protocol, dbUser: who.user, dbName: who.database });
      // Statements run one at a time, in the order sent, as in any REPL.
      let queue = Promise.resolve();
      const run = (raw: Buffer, isBinary: boolean) => {
        const message = databaseQueryMessage.safeParse(isBinary ? undefined : safeJson(raw.toString()));
        if (!message.success) return send({ type: 'error', message: 'the console sent a message the gateway does not understand: expected {type: "query", id, query}' });
        const { id, query: text } = message.data;
        queue = queue.then(async () => {
          const start = performance.now();
          try {
            const result = await console.query(text);
            const truncated = result.rows.length > DATABASE_CONSOLE_MAX_ROWS;
            send({
              type: 'result',
              id,
              columns: result.columns,
              rows: truncated ? result.rows.slice(0, DATABASE_CONSOLE_MAX_ROWS) : result.rows,
              command: result.command,
              rowCount: result.rowCount,
              durationMs: Math.round((performance.now() - start) * 10) / 10,
              ...(truncated && { truncated }),
            });
          } catch (err) {
            send({ type: 'error', id, message: (err as Error).message });
          }
        });
      };
      for (const [data, isBinary] of held()) run(data, isBinary);
      socket.on('message', run);
      socket.once('close', () => void console.close().catch(() => consoleSide.destroy()));
      await session;
      if (socket.readyState === socket.OPEN) socket.close(1000, 'the database session ended');
    },
  });
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};
