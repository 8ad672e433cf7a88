import { STATUS_CODES, type ClientRequest } from 'node:http';
import type { Duplex } from 'node:stream';

/** An HTTP/1.1 response head as raw text, for answering on a socket an upgrade request arrived on. */
export const responseHead = (status: number, message: string | undefined, headers: string[]): string => {
  const lines = [`HTTP/1.1 ${status} ${message || STATUS_CODES[status] || ''}`];
  for (let i = 0; i < headers.length; i += 2) lines.push(`${headers[i]}: ${headers[i + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
};

export interface UpgradeRelayOptions {
  /** The upstream's headers as the client is to get them (upgraded: a 101's, which keep Connection and Upgrade). */
  headers(rawHeaders: string[], upgraded: boolean): string[];
  /** The upstream could not be reached or broke off before answering. */
  failed(err: Error): void;
  /** Called once with the status the client got. */
  done?(status: number): void;
}

/**
 * Relays an upgrade request (a websocket, SPDY) to an upstream whose request is already written: once it switches
 * protocols the two connections are piped both ways until either closes; a refusal (a 403, a 404) is passed back
 * as it is and the client's connection closed after it.
 */
export function relayUpgrade(upstream: ClientRequest, socket: Duplex, head: Buffer, o: UpgradeRelayOptions): void {
  upstream.on('upgrade', (answer, upstreamSocket, upstreamHead) => {
    socket.write(responseHead(101, answer.statusMessage, o.headers(answer.rawHeaders, true)));
    if (upstreamHead.length) socket.write(upstreamHead);
    if (head.length) upstreamSocket.write(head);
    upstreamSocket.pipe(socket);
    socket.pipe(upstreamSocket);
    const close = () => {
      socket.destroy();
      upstreamSocket.destroy();
    };
    for (const s of [socket, upstreamSocket]) {
      s.on('error', close);
      s.on('close', close);
    }
    o.done?.(101);
  });
  upstream.on('response', (answer) => {
    socket.write(responseHead(answer.statusCode ?? 502, answer.statusMessage, [...o.headers(answer.rawHeaders, false), 'Connection', 'close']));
    answer.pipe(socket);
    o.done?.(answer.statusCode ?? 502);
  });
  upstream.on('error', (err) => o.failed(err));
  socket.on('error', () => upstream.destroy());
}
