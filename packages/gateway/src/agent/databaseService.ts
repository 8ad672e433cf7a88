import type net from 'node:net';
import type { AgentDatabase } from './databases';
import { connectDatabase, startTls } from './databases/connect';
import { LoginError } from './databases/login';
import { logins } from './databases/logins';
import { refuseBadRequest } from './refuseBadRequest';
import { pipeSocket } from './socketPipe';
import { databaseTarget, type DatabaseTarget } from './tunnel/databases';
import { databaseRequest, type DatabaseRequest } from './tunnel/requests';
import type { MuxStream } from './tunnel/stream';

/** How long connecting to a database may take before the dial is reported as failed. */
const dialTimeoutMs = 10_000;

/**
 * Serves a database stream: connects to the database, logs in as the gateway asks (the gateway has checked the
 * user's roles allow that database user and name) with the password the agent holds for that user, if any, then
 * pipes the protocol's bytes both ways. The login's refusal (a wrong password, an unknown database) is sent as
 * `refused` with the server's reason, which the user reads; a failure to connect is an `error`, which names the
 * host and goes to the gateway's log only.
 *
 * `db` is the agent's own --db database the stream names; an enrolled database (none of the agent's flags) is
 * served only when the agent runs a database service, at the URI the gateway sends.
 */
export function serveDatabase(stream: MuxStream, raw: unknown, db: AgentDatabase | undefined, servesEnrolled: boolean): void {
  const parsed = databaseRequest.safeParse(raw);
  if (!parsed.success) return refuseBadRequest(stream, parsed.error.issues[0]?.message ?? 'unknown');
  const request = parsed.data;
  const uri = db?.uri ?? (servesEnrolled ? request.uri : undefined);
  if (!uri) return refuseBadRequest(stream, 'this agent serves no such database');
  let target: DatabaseTarget;
  try {
    target = databaseTarget(uri);
  } catch (err) {
    return refuseBadRequest(stream, (err as Error).message);
  }
  void connectAndLogIn(stream, target, request);
}

async function connectAndLogIn(stream: MuxStream, target: DatabaseTarget, request: DatabaseRequest): Promise<void> {
  const where = `${target.host}:${target.port}`;
  const failed = (err: Error) => {
    stream.control({ type: 'error', message: `cannot connect to ${where}: ${err.message}` });
    stream.reset('dial failed');
  };
  let socket: net.Socket;
  try {
    socket = await connectDatabase(target, dialTimeoutMs);
  } catch (err) {
    return failed(err as Error);
  }
  if (stream.isClosed) return void socket.destroy();
  socket.once('error', failed);
  const plain = socket;
  // MySQL's TLS starts inside its login; the rest of the login, and the session, go over it.
  const tlsInLogin = target.tls && target.protocol === 'mysql' ? async (over: net.Socket) => {
    socket = await startTls(over, target);
    socket.once('error', failed);
    return socket;
  } : undefined;
  // Until the pipe takes over, the stream going away (the client left during the login) drops the connection.
  let piping = false;
  stream.once('close', () => {
    if (!piping) socket.destroy();
  });
  socket.setNoDelay(true);
  // The held password is for the user the URI names; any other user logs in as the server allows without one.
  const password = target.password !== undefined && target.user === request.user ? target.password : undefined;
  let first: Buffer;
  try {
    first = await logins[target.protocol](socket, { user: request.user, database: request.database, upstream: request.upstream, ...(password !== undefined && { password }), ...(tlsInLogin && { startTls: tlsInLogin }) });
  } catch (err) {
    if (stream.isClosed) return;
    if (err instanceof LoginError) stream.control({ type: 'refused', message: err.message });
    else stream.control({ type: 'error', message: `logging in to ${where} failed: ${(err as Error).message}` });
    stream.reset('login failed');
    socket.destroy();
    return;
  }
  if (stream.isClosed) return void socket.destroy();
  plain.off('error', failed);
  socket.off('error', failed);
  stream.control({ type: 'dialed' });
  stream.accept();
  if (first.length) stream.write(first);
  piping = true;
  pipeSocket(stream, socket, where, 'database connection failed');
}
