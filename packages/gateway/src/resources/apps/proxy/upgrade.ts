import { request as httpRequest, STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { downstreamResponseHeaders, type ResponseRewrite } from './headers';
import { sendPageOnSocket, type Page } from './pages';
import type { Upstream } from './upstream';

export interface UpgradeOptions {
  upstream: Upstream;
  headers: string[];
  rewrite: ResponseRewrite;
  maxHeaderBytes: number;
  idleMs: number;
  unreachable: Page;
  /** Called once the upstream switched protocols and the two sockets are joined (the session tracks it). */
  opened(socket: Duplex): void;
  /** Called once with the status the browser got. */
  done(status: number): void;
  log(err: Error): void;
}

const head = (status: number, message: string | undefined, headers: string[]) => {
  const lines = [`HTTP/1.1 ${status} ${message ?? STATUS_CODES[status] ?? ''}`];
  for (let i = 0; i < headers.length; i += 2) lines.push(`${headers[i]}: ${headers[i + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
};

/**
 * A websocket (or any HTTP/1.1 upgrade) through the proxy: the handshake goes to the upstream over a connection
 * of its own, and once it switches protocols the bytes are piped both ways with backpressure until either side
 * closes or nothing moves for `idleMs`. An upstream that refuses the upgrade has its answer passed back.
 */
export async function proxyUpgrade(req: IncomingMessage, socket: Duplex, bodyHead: Buffer, o: UpgradeOptions): Promise<void> {
  let connection: Duplex;
  try {
    connection = await o.upstream.connect();
  } catch (err) {
    o.log(err as Error);
    sendPageOnSocket(socket, o.unreachable);
    return o.done(o.unreachable.status);
  }
  const upstreamReq = httpRequest({ createConnection: () => connection as Socket, method: req.method, path: req.url, headers: o.headers, maxHeaderSize: o.maxHeaderBytes });
  upstreamReq.on('upgrade', (upstreamRes, upstreamSocket, upstreamHead) => {
    socket.write(head(101, upstreamRes.statusMessage, downstreamResponseHeaders(upstreamRes.rawHeaders, o.rewrite, true)));
    if (upstreamHead.length) socket.write(upstreamHead);
    if (bodyHead.length) upstreamSocket.write(bodyHead);
    upstreamSocket.pipe(socket);
    socket.pipe(upstreamSocket);
    const close = () => {
      socket.destroy();
      upstreamSocket.destroy();
    };
    socket.on('error', close);
    socket.on('close', close);
    upstreamSocket.on('error', close);
    upstreamSocket.on('close', close);
    (socket as Socket).setTimeout?.(o.idleMs, close);
    o.opened(socket);
    o.done(101);
  });
  upstreamReq.on('response', (upstreamRes) => {
    // Refused (a 400, a redirect to a login page …): passed back as a plain answer, then the socket closes.
    socket.write(head(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, [...downstreamResponseHeaders(upstreamRes.rawHeaders, o.rewrite), 'Connection', 'close']));
    upstreamRes.pipe(socket);
    upstreamRes.on('end', () => connection.destroy());
    o.done(upstreamRes.statusCode ?? 502);
  });
  upstreamReq.on('error', (err) => {
    o.log(err);
    if (socket.writable) sendPageOnSocket(socket, o.unreachable);
    o.done(o.unreachable.status);
  });
  socket.on('error', () => upstreamReq.destroy());
  upstreamReq.end();
}
