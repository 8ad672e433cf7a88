import net from 'node:net';
import type { AgentApp } from './apps';
import { refuseBadRequest } from './refuseBadRequest';
import { pipeSocket } from './socketPipe';
import { appTarget } from './tunnel/apps';
import { appRequest } from './tunnel/requests';
import type { MuxStream } from './tunnel/stream';

/** How long a connection to an app may take before the dial is reported as failed. */
const dialTimeoutMs = 10_000;

/**
 * Serves an app stream: connects to the app and pipes raw bytes both ways (socketPipe.ts). A failed dial is
 * reported as an error control before the reset; the gateway logs it and tells its user less, since it names
 * hosts behind the agent.
 */
export function serveApp(stream: MuxStream, raw: unknown, app: AgentApp | undefined): void {
  const parsed = appRequest.safeParse(raw);
  if (!parsed.success) return refuseBadRequest(stream, parsed.error.issues[0]?.message ?? 'unknown');
  if (!app) return refuseBadRequest(stream, 'this agent serves no such app');
  const { host, port } = appTarget(app.uri);
  const socket = net.connect({ host, port });
  socket.setTimeout(dialTimeoutMs, () => socket.destroy(new Error(`connecting to ${host}:${port} timed out after ${dialTimeoutMs / 1000} s`)));
  socket.once('connect', () => {
    socket.setTimeout(0);
    socket.setNoDelay(true);
    socket.off('error', failed);
    stream.control({ type: 'dialed' });
    stream.accept();
    pipeSocket(stream, socket, `${host}:${port}`, 'app connection failed');
  });
  const failed = (err: Error) => {
    stream.control({ type: 'error', message: `cannot connect to ${host}:${port}: ${err.message}` });
    stream.reset('dial failed');
  };
  socket.once('error', failed);
}
