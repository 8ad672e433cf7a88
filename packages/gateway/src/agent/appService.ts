import net from 'node:net';
import type { AgentApp } from './apps';
import { refuseBadRequest } from './refuseBadRequest';
import { appTarget } from './tunnel/apps';
import { appRequest } from './tunnel/requests';
import type { MuxStream } from './tunnel/stream';

/** How long a connection to an app may take before the dial is reported as failed. */
const dialTimeoutMs = 10_000;

/**
 * Serves an app stream: connects to the app and pipes raw bytes both ways. Flow control holds at both ends:
 * the app's socket pauses while the stream has no credit, and bytes from the gateway are acknowledged only
 * once the socket has taken them. Half-closes pass through (a TCP client may end its side and still read).
 * A failed dial is reported as an error control before the reset; the gateway logs it and tells its user
 * less, since it names hosts behind the agent.
 */
export function serveApp(stream: MuxStream, raw: unknown, app: AgentApp | undefined): void {
  const parsed = appRequest.safeParse(raw);
  if (!parsed.success) return refuseBadRequest(stream, parsed.error.issues[0]?.message ?? 'unknown');
  if (!app) return refuseBadRequest(stream, 'this agent serves no such app');
  const { host, port } = appTarget(app.uri);
  const socket = net.connect({ host, port });
  socket.setTimeout(dialTimeoutMs, () => socket.destroy(new Error(`connecting to ${host}:${port} timed out after ${dialTimeoutMs / 1000} s`)));
  let connected = false;
  socket.once('connect', () => {
    connected = true;
    socket.setTimeout(0);
    socket.setNoDelay(true);
    stream.control({ type: 'dialed' });
    stream.accept();
  });
  socket.on('data', (chunk) => {
    if (!stream.write(chunk)) socket.pause();
  });
  stream.on('drain', () => socket.resume());
  stream.on('data', (chunk) => socket.write(chunk, () => stream.ack(chunk.length)));
  stream.on('end', () => socket.end());
  socket.on('end', () => stream.end());
  socket.on('error', (err) => {
    stream.control({ type: 'error', message: connected ? `connection to ${host}:${port} failed: ${err.message}` : `cannot connect to ${host}:${port}: ${err.message}` });
    stream.reset(connected ? 'app connection failed' : 'dial failed');
  });
  socket.on('close', () => stream.end());
  stream.on('close', (reason) => {
    if (reason) socket.destroy();
    else socket.end();
  });
}
