import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { duplexOf } from '../../agent/tunnel/streamDuplex';
import type { Identity } from '../../platform/access/identity';
import { forwardRequest, requestHeaders, responseHeaders } from '../../platform/http/forward';
import { relayUpgrade, responseHead } from '../../platform/http/upgradeRelay';
import type { Gateway } from '../../platform/server/context';
import { markLocked } from '../locks/subject';
import { sessionCookie } from '../websessions/cookie';
import type { LeafTunnels } from './leafTunnels';
import type { RemoteCaller } from './protocol';

/** The API paths that name a cluster: everything under /sites/NAME, and the command websocket's /command/NAME/. */
const sitePath = /^\/v1\/webapi\/(?:sites|command)\/([^/?]+)(?=[/?]|$)/;

const errorBody = (message: string) => JSON.stringify({ error: { message } });

/**
 * On a root: requests of its console for a leaf (`/v1/webapi/sites/LEAF/…`, `/v1/webapi/command/LEAF/execute`) go through the leaf's tunnel. The
 * root says who is asking (its signed-in user, their roles and traits); the leaf maps the roles and decides. The
 * root's own session cookie and bearer token never leave it: the leaf gets the request without them.
 */
export class LeafForwarder {
  constructor(
    private readonly gw: Gateway,
    private readonly app: FastifyInstance,
    private readonly tunnels: LeafTunnels,
  ) {}

  /** The leaf a request's path names, if it names one this root knows. */
  leafOf(url: string | undefined): string | undefined {
    const match = sitePath.exec(url ?? '');
    if (!match) return undefined;
    let name: string;
    try {
      name = decodeURIComponent(match[1]!);
    } catch {
      return undefined;
    }
    return name !== this.gw.config.clusterName && this.tunnels.has(name) ? name : undefined;
  }

  async request(req: IncomingMessage, res: ServerResponse, leaf: string): Promise<void> {
    const answer = (status: number, message: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(errorBody(message));
    };
    const link = await this.open(req, leaf, answer);
    if (!link) return;
    forwardRequest(req, res, link.stream, {
      path: link.path,
      headers: link.headers,
      failed: (err) => answer(502, `cluster ${leaf} broke off: ${err.message}`),
      done: () => undefined,
    });
  }

  async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, leaf: string): Promise<void> {
    const answer = (status: number, message: string) => {
      const body = errorBody(message);
      socket.end(responseHead(status, undefined, ['Content-Type', 'application/json', 'Content-Length', String(Buffer.byteLength(body)), 'Connection', 'close']) + body);
    };
    const link = await this.open(req, leaf, answer);
    if (!link) return;
    const upstream = request({ createConnection: () => link.stream as Socket, method: req.method, path: link.path, headers: link.headers });
    relayUpgrade(upstream, socket, head, { headers: responseHeaders, failed: (err) => answer(502, `cluster ${leaf} broke off: ${err.message}`) });
    upstream.end();
  }

  /** Who asks, checked here; then a stream to the leaf carrying them, and the request as the leaf gets it. */
  private async open(req: IncomingMessage, leaf: string, answer: (status: number, message: string) => void) {
    const url = new URL(req.url ?? '/', 'http://root');
    const identity = await this.identify(req, url);
    if (!identity) return void answer(403, 'access denied: sign in first');
    if (identity.lockedBecause) return void answer(403, identity.lockedBecause);
    const mux = this.tunnels.connection(leaf);
    if (!mux) return void answer(503, `cluster ${leaf} is offline: its tunnel to this cluster is down`);
    const caller: RemoteCaller = {
      user: identity.user.name,
      roles: identity.roles.roles.map((r) => r.metadata.name),
      traits: { ...identity.user.traits },
      remoteAddr: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '',
    };
    const opened = duplexOf(mux.open({ kind: 'web', id: leaf, request: caller }));
    opened.dialed();
    const stream: Duplex = opened;
    // The root's credentials stay here: the bearer (header or access_token) and the session cookie are taken off. A
    // websocket's access_token is replaced rather than removed, since the leaf's socket routes expect one; the
    // leaf knows the caller by the tunnel's stream and reads no token from it.
    if (url.searchParams.has('access_token')) url.searchParams.set('access_token', 'carried-by-the-tunnel');
    const headers = requestHeaders(req, (name) => name === 'authorization' || name === 'cookie', req.headers.upgrade !== undefined);
    const cookies = (req.headers.cookie ?? '')
      .split(';')
      .map((c) => c.trim())
      .filter((c) => c && !c.startsWith(`${sessionCookie}=`));
    if (cookies.length) headers.cookie = cookies.join('; ');
    return { stream, path: url.pathname + url.search, headers };
  }

  private async identify(req: IncomingMessage, url: URL): Promise<Identity | undefined> {
    const cookies = this.app.parseCookie(req.headers.cookie ?? '');
    const identity = await this.gw.webSessions.authenticate({ cookies, headers: req.headers, query: Object.fromEntries(url.searchParams) }, { activity: true });
    return markLocked(identity, this.gw.locks);
  }
}
