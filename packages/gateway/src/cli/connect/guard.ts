import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import { sameSecret } from '../../management/websessions/secrets';

/** Why a request is turned away: its status and the message the UI shows. */
export interface Refusal {
  status: 401 | 403;
  message: string;
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Who may talk to the daemon. It holds sessions on gateways, so loopback is not enough: any local process or web
 * page could call it. A caller proves it opened the launch link (a random token per run, printed once) by the
 * cookie that link set; the Host must be the daemon's own (a rebound DNS name is refused), and a request that
 * changes something or opens a websocket must come from the daemon's own origin or from no page at all.
 */
export class Guard {
  /** The launch link's token: it travels in a URL (a terminal, a process list), so it only buys the cookie. */
  readonly launchToken = randomBytes(32).toString('hex');
  private readonly session = randomBytes(32).toString('hex');

  /** Named by port: browsers send a loopback cookie to every port, and two daemons must not overwrite each other's. */
  cookieName(req: IncomingMessage): string {
    return `portcullis_connect_${req.socket.localPort}`;
  }

  /** The launch link's token is this run's; answers the cookie's value then. */
  launch(token: unknown): string | undefined {
    return typeof token === 'string' && sameSecret(token, this.launchToken) ? this.session : undefined;
  }

  /** Why `req` may not go on (undefined: it may). The launch link itself needs no cookie. */
  refusal(req: IncomingMessage, launching = false): Refusal | undefined {
    // The daemon's own addresses, read off the connection: it listens on 127.0.0.1 only.
    const hosts = [`127.0.0.1:${req.socket.localPort}`, `localhost:${req.socket.localPort}`];
    const host = req.headers.host?.toLowerCase();
    if (!host || !hosts.includes(host)) return { status: 403, message: `this daemon answers only at ${hosts.join(' or ')}` };
    const origin = req.headers.origin;
    const changes = !safeMethods.has(req.method ?? 'GET') || req.headers.upgrade !== undefined;
    if (changes && origin !== undefined && origin !== `http://${host}`) return { status: 403, message: `refused a request from ${origin}: only the workspace app may call this daemon` };
    if (launching) return undefined;
    const cookie = fastifyCookie.parse(req.headers.cookie ?? '')[this.cookieName(req)];
    if (!cookie || !sameSecret(cookie, this.session)) return { status: 401, message: 'open the link portcullis connect printed (it signs this browser in to the daemon)' };
    return undefined;
  }
}
