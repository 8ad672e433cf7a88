import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { recordEvent } from '../../../management/audit/record';
import { lockMessage } from '../../../management/locks/lock';
import { identitySubject, sessionSubject } from '../../../management/locks/subject';
import type { Identity } from '../../../platform/access/identity';
import type { Gateway } from '../../../platform/server/context';
import { dialThroughAgent } from '../../connectors/agent/dialStream';
import type { AgentRegistry } from '../../connectors/agent/registry';
import { ResourceRefusedError, ResourceUnreachableError } from '../../core/connectors';
import type { SessionCore } from '../../core/sessionCore';
import { webSessionCredential, type Credential, type WatchedConnections } from '../../core/watchedConnections';
import { databaseAuditFields, databaseRefusal } from '../kind';
import { databaseHostname } from '../presenter';
import { protocols } from '../protocols';
import { ProtocolError, type GatewayProtocol, type Opening } from '../protocols/protocol';
import type { DatabaseRecord, DatabaseRepo } from '../repo';
import type { DatabaseServiceRepo } from '../services';
import { AnswerOrder } from './answerOrder';
import { AuditBatch } from './auditBatch';
import { agentFor } from './route';

export interface DatabaseSessionDeps {
  gw: Gateway;
  databases: DatabaseRepo;
  services: DatabaseServiceRepo;
  agents: AgentRegistry;
  core: SessionCore;
  watched: WatchedConnections;
  log: FastifyBaseLogger;
}

export interface DatabaseSessionRequest {
  identity: Identity;
  db: DatabaseRecord;
  /** The client's byte stream: a `portcullis proxy db` connection's websocket, or the browser console's client. */
  client: Duplex;
  /** The database user and name the client named out of band (the socket's db_user and db_name). */
  defaults: { user?: string; database?: string };
  remoteAddr: string;
  /**
   * The credential the session ends with, when it is not the identity's web session (a certificate: its expiry,
   * the web session it was signed under, and what the client is told of each).
   */
  credential?: Credential;
  /** Called once the database has accepted the login, with the session's id. */
  onStarted?(sid: string): void;
  /** Called when the session is refused before it starts, with the reason the client and the audit log are given. */
  onRefused?(reason: string): void;
}

type Startup = Extract<Opening, { kind: 'startup' }>;

/** How long a client has to send its opening (PostgreSQL's startup, MySQL's handshake response). */
const openingTimeoutMs = 30_000;

/** How long a database may take to close its side once the client has left, before its connection is cut. */
const lingerMs = 5_000;

/**
 * One client connection to a database, end to end: the protocol's opening read from the client, the roles'
 * db_users and db_names and the locks checked, the agent asked to log in, then every client message inspected
 * on its way (each statement audited, a refused one answered by the gateway) while the database's answers flow
 * back untouched. Every refusal reaches the client in its protocol's own error and the audit log with its
 * reason; nothing the client sends can crash the gateway. Resolves once the session has ended and its end is
 * audited.
 */
export async function serveDatabaseSession(deps: DatabaseSessionDeps, req: DatabaseSessionRequest): Promise<void> {
  const { gw } = deps;
  const { identity, db, client } = req;
  const protocol = protocols[db.protocol].server;
  const user = identity.user.name;
  client.on('error', () => undefined); // a client that vanishes is handled by 'close'
  const base = { user, 'addr.remote': req.remoteAddr };
  const refuse = async (reason: string, opening?: Startup) => {
    req.onRefused?.(reason);
    await recordEvent(gw.store, 'DATABASE_SESSION_STARTED_FAILURE', { ...base, ...databaseAuditFields(db, opening?.user ?? req.defaults.user ?? '', opening?.database ?? req.defaults.database ?? ''), error: reason });
    client.end(protocol.refusal(reason, opening));
    // What the client sent meanwhile is read and dropped, so its side can end and close.
    client.resume();
  };

  let opening: Opening;
  // A client that connects and says nothing holds nothing of ours for long.
  const silent = setTimeout(() => client.destroy(), openingTimeoutMs);
  try {
    opening = await protocol.open(client, req.defaults);
  } catch (err) {
    if (client.destroyed) return;
    if (!(err instanceof ProtocolError)) throw err;
    return refuse(err.message);
  } finally {
    clearTimeout(silent);
  }
  if (opening.kind === 'closed' || client.destroyed) return void client.end();
  const startup = opening;
  const denied = databaseRefusal(identity, db, startup.user, startup.database);
  if (denied) return refuse(`access to database ${db.name} denied: ${denied}`, startup);
  const resource = { kind: 'db', id: db.id, name: db.name };
  const subject = sessionSubject(identitySubject(identity), startup.user, resource);
  const lock = gw.locks.find(subject);
  if (lock) return refuse(lockMessage(lock), startup);

  const agentId = await agentFor(db, deps.services, deps.agents, gw.now());
  if (!agentId) return refuse(`database ${db.name} is offline: no agent serves it now`, startup);
  let link: Duplex;
  try {
    link = await dialThroughAgent(deps.agents, {
      agentId,
      kind: 'db',
      id: db.id,
      request: { op: 'connect', user: startup.user, database: startup.database, upstream: startup.upstream, ...(db.agentId ? {} : { uri: db.uri }) },
      what: `database ${db.name}`,
    });
  } catch (err) {
    if (err instanceof ResourceRefusedError) return refuse(`database ${db.name} refused the login: ${err.message}`, startup);
    if (!(err instanceof ResourceUnreachableError)) throw err;
    deps.log.warn({ database: db.name, cause: (err.cause as Error | undefined)?.message }, err.message);
    return refuse(err.message, startup);
  }
  if (client.destroyed) return void link.destroy();
  return relay(deps, req, protocol, startup, link, subject);
}

/** The session once the database has accepted the login: statements inspected and audited until either side ends. */
async function relay(deps: DatabaseSessionDeps, req: DatabaseSessionRequest, protocol: GatewayProtocol, startup: Startup, link: Duplex, subject: ReturnType<typeof sessionSubject>): Promise<void> {
  const { gw } = deps;
  const { identity, db, client } = req;
  const user = identity.user.name;
  const sid = randomUUID();
  const fields = { sid, user, ...databaseAuditFields(db, startup.user, startup.database), 'addr.remote': req.remoteAddr };
  const started = gw.now();
  protocol.accepted(client, startup);
  await recordEvent(gw.store, 'DATABASE_SESSION_STARTED', fields);
  req.onStarted?.(sid);
  const unlist = deps.core.listConnection(
    {
      id: sid,
      kind: 'db',
      login: startup.user,
      resource: { kind: 'db', id: db.id, name: db.name, addr: databaseHostname(db.uri) },
      clusterName: gw.config.clusterName,
      owner: user,
      terminal: { w: 0, h: 0 },
    },
    { id: randomUUID(), user, remoteAddr: req.remoteAddr },
  );
  let endedBecause: string | undefined;
  const end = (reason: string, toClient?: Buffer) => {
    endedBecause ??= reason;
    if (toClient && client.writable) client.end(toClient);
    else client.destroy();
    link.destroy();
  };
  const audit = new AuditBatch(gw.store, gw.now, (err) => {
    deps.log.error({ database: db.name, sid, err: err.message }, 'a database session could not be audited, so it was ended');
    end('the gateway could not write the audit log', protocol.refusal('the gateway could not record this session in its audit log, so it ended it'));
  });
  const unwatch = deps.watched.track(subject, req.credential ?? webSessionCredential(identity), (reason) => end(reason, protocol.refusal(reason, startup)));

  const inspector = protocol.inspector(startup, { databaseRefusal: (name) => databaseRefusal(identity, db, startup.user, name) });
  const order = new AnswerOrder(inspector.replies);
  // Written only while the client keeps up: a client that stops reading stops the database's side.
  const writeToClient = (pieces: Buffer[]) => {
    let room = true;
    for (const piece of pieces) room = client.write(piece) && room;
    if (!room) link.pause();
  };
  const fromClient = (chunk: Buffer) => {
    let messages;
    try {
      messages = inspector.push(chunk);
    } catch (err) {
      if (!(err instanceof ProtocolError)) throw err;
      audit.add('DATABASE_SESSION_MALFORMED_PACKET', { ...fields, error: err.message });
      return end(err.message, protocol.refusal(err.message, startup));
    }
    if (!messages.length) return;
    deps.core.tracker.touch(sid);
    link.cork();
    for (const m of messages) {
      if (m.refused) {
        audit.add('DATABASE_SESSION_QUERY_FAILURE', { ...fields, db_query: m.statement?.query ?? '', error: m.refused.reason });
        const answer = order.refused(m.refused);
        if (!answer) return end(m.refused.reason, m.refused.reply);
        writeToClient(answer);
        if (m.refused.instead && !link.write(m.refused.instead.bytes)) client.pause();
        continue;
      }
      order.passed(m);
      if (m.statement) audit.add('DATABASE_SESSION_QUERY', { ...fields, db_query: m.statement.query, ...(m.statement.parameters && { db_query_parameters: m.statement.parameters }) });
      if (!link.write(m.bytes)) client.pause();
    }
    process.nextTick(() => link.uncork());
    if (audit.full) {
      client.pause();
      void audit.flushed().then(() => client.resume());
    }
  };
  link.on('drain', () => client.resume());
  if (startup.rest.length) fromClient(startup.rest);
  client.on('data', fromClient);
  link.on('data', (chunk: Buffer) => {
    if (!client.destroyed) writeToClient(order.fromServer(chunk));
  });
  // A listener added to a stream paused before (by the login) does not start it.
  link.resume();
  client.on('drain', () => link.resume());
  link.on('error', (err) => end(`the database connection failed: ${err.message}`));
  // The client left: the database hears the end of its connection after what the client sent last (a goodbye).
  // Whatever the database still answers is read and dropped (nothing is written to a closed client), or its end
  // would never be read and the session would wait out the linger before it ended.
  client.once('close', () => {
    link.end();
    link.resume();
    setTimeout(() => link.destroy(), lingerMs).unref();
  });
  link.once('close', () => {
    if (!client.destroyed) client.end();
  });

  await Promise.all([closed(client), closed(link)]);
  unwatch();
  unlist();
  await audit.flushed();
  await recordEvent(gw.store, 'DATABASE_SESSION_ENDED', {
    ...fields,
    session_start: new Date(started).toISOString(),
    session_stop: new Date(gw.now()).toISOString(),
    ...(endedBecause && { reason: endedBecause }),
  });
}

/** Resolves when the stream has closed; a client that ended its side ends the other at once (half-open is not kept). */
const closed = (stream: Duplex) =>
  new Promise<void>((resolve) => {
    if (stream.destroyed) return resolve();
    stream.once('close', () => resolve());
    stream.once('end', () => stream.destroy());
  });
