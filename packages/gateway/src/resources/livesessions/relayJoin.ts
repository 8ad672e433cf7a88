import type { FastifyRequest } from 'fastify';
import WebSocket from 'ws';
import { refuse, type Held, type PartySocket } from '../core/socket';

/** What of the joiner's request the holding gateway needs to know them: their credentials and the page's origin. */
const carried = ['cookie', 'authorization', 'origin', 'user-agent'] as const;

/**
 * Sends someone joining a session held by another gateway of the same database there: that gateway's memory holds
 * the session's terminal. The joiner's own credentials go along (their web session is in the shared database), so
 * that gateway decides, audits and records as if they had connected to it; this one only carries messages.
 */
export function relayJoin(socket: PartySocket, holder: string, req: FastifyRequest, held: Held, sid: string): void {
  const url = new URL(req.url, holder);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const headers = Object.fromEntries(carried.flatMap((h) => (typeof req.headers[h] === 'string' ? [[h, req.headers[h]]] : [])));
  const upstream = new WebSocket(url, { headers });
  upstream.binaryType = 'nodebuffer';
  upstream.on('open', () => {
    for (const [data, isBinary] of held()) upstream.send(data, { binary: isBinary });
    socket.on('message', (data, isBinary) => upstream.send(data, { binary: isBinary }));
  });
  upstream.on('message', (data: Buffer, isBinary: boolean) => socket.send(data, { binary: isBinary }));
  // 1005, 1006 and 1015 report a close without a code; they may not be sent.
  upstream.on('close', (code, reason) => socket.close([1005, 1006, 1015].includes(code) ? 1000 : code, reason.toString()));
  const unreachable = () => refuse(socket, `session ${sid} is held by another gateway, which could not be reached`);
  upstream.on('unexpected-response', (_req, res) => {
    res.resume();
    unreachable();
    upstream.terminate();
  });
  upstream.on('error', unreachable);
  socket.once('close', () => upstream.close());
}
