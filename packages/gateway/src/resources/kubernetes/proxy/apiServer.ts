import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** What serves the Kubernetes API paths: plain requests and upgrades (exec, attach, port-forward, watch over websockets). */
export interface KubeApiServer {
  request(req: IncomingMessage, res: ServerResponse): Promise<void>;
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void>;
}
