import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** What takes over the requests and upgrades an interceptor picks, with what it picked them for. */
export interface Intercepted<T> {
  request(req: IncomingMessage, res: ServerResponse, target: T): Promise<void>;
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, target: T): Promise<void>;
}

type Emit = (event: string | symbol, ...args: unknown[]) => boolean;

/**
 * Takes the requests and upgrades `pick` chooses before fastify sees them: fastify would parse their bodies and
 * @fastify/websocket answer their upgrades, where a proxy must pass both on untouched. Every other request goes
 * on as before. A failure before any answer is logged and the connection dropped.
 */
export function interceptRequests<T>(server: Server, pick: (req: IncomingMessage) => T | undefined, handler: Intercepted<T>, failed: (err: unknown) => void): void {
  const emit = server.emit.bind(server) as Emit;
  server.emit = ((event, ...args) => {
    if (event !== 'request' && event !== 'upgrade') return emit(event, ...args);
    const req = args[0] as IncomingMessage;
    const target = pick(req);
    if (target === undefined) return emit(event, ...args);
    const [, out, head] = args as [IncomingMessage, ServerResponse & Duplex, Buffer];
    (event === 'request' ? handler.request(req, out, target) : handler.upgrade(req, out, head, target)).catch((err: unknown) => {
      failed(err);
      out.destroy();
    });
    return true;
  }) as Server['emit'];
}
