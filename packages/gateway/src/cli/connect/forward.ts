import { request, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import { apiPaths } from '@portcullis/shared';
import type { Intercepted } from '../../platform/http/intercept';
import { forwardRequest, requestHeaders, responseHeaders } from '../../platform/http/forward';
import { relayUpgrade, responseHead } from '../../platform/http/upgradeRelay';
import type { Guard } from './guard';
import { gatewayOf, type ProfileStore, type StoredProfile } from './profiles';

/** A request under daemonPaths.profileGateway: whose gateway, and the path (with its query) there. */
export interface GatewayTarget {
  profile: string;
  path: string;
}

const prefixed = /^\/v1\/daemon\/profiles\/([^/?]+)\/gateway(?=[/?]|$)(.*)$/;

/** The profile and the gateway's path a daemon URL names, if it names one. */
export function gatewayTarget(url: string | undefined): GatewayTarget | undefined {
  const match = prefixed.exec(url ?? '');
  if (!match) return undefined;
  const rest = match[2]!;
  return { profile: decodeURIComponent(match[1]!), path: rest.startsWith('/') ? rest : `/${rest}` };
}

/** The UI's own credentials and origin stay here; the profile's session replaces them. */
const dropped = new Set(['host', 'cookie', 'authorization', 'x-csrf-token', 'origin', 'referer']);

/** The gateway's cookies are the profile's session: they stay in the daemon, never in the UI's browser. */
const gatewayCookie = (name: string) => name === 'set-cookie';

/** The gateway's session routes would sign in or out behind the daemon's back. */
const sessionRoutes = new RegExp(`^${apiPaths.webSession}(?=[/?]|$)`);

/** Why the daemon answers a forwarded request itself. */
interface Problem {
  status: number;
  message: string;
}

interface Upstream {
  profile: StoredProfile;
  link: Duplex;
  path: string;
  headers: OutgoingHttpHeaders;
}

const errorBody = (message: string) => JSON.stringify({ error: { message } });

/**
 * Everything under daemonPaths.profileGateway goes to the profile's gateway as it came (any method, bodies
 * streamed both ways, websockets relayed), carrying the profile's session: its cookies, bearer token and CSRF
 * token, and its token as a websocket's access_token (the UI, which never sees it, sends a placeholder). A
 * refusal from the gateway whose session turns out to be over marks the profile signed out.
 */
export class GatewayForward implements Intercepted<GatewayTarget> {
  /** The UI's connections being forwarded: a websocket or a watch outlives any request, so closing ends them. */
  private readonly forwarded = new Set<Duplex>();

  constructor(
    private readonly guard: Guard,
    private readonly profiles: ProfileStore,
  ) {}

  async request(req: IncomingMessage, res: ServerResponse, target: GatewayTarget): Promise<void> {
    const answer = (r: Problem) => {
      res.writeHead(r.status, { 'content-type': 'application/json' });
      res.end(errorBody(r.message));
    };
    const upstream = this.dial(req, target);
    if (!('link' in upstream)) return answer(upstream);
    this.track(req.socket);
    forwardRequest(req, res, upstream.link, {
      path: upstream.path,
      headers: upstream.headers,
      dropResponseHeader: gatewayCookie,
      failed: (err) => answer({ status: 502, message: `cannot reach the gateway at ${upstream.profile.proxy}: ${err.message}` }),
      done: (status) => this.answered(upstream.profile, status),
    });
  }

  async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, target: GatewayTarget): Promise<void> {
    const answer = (r: Problem) => {
      const body = errorBody(r.message);
      socket.end(responseHead(r.status, undefined, ['Content-Type', 'application/json', 'Content-Length', String(Buffer.byteLength(body)), 'Connection', 'close']) + body);
    };
    const upstream = this.dial(req, target);
    if (!('link' in upstream)) return answer(upstream);
    this.track(socket);
    const outgoing = request({ createConnection: () => upstream.link as net.Socket, method: req.method, path: upstream.path, headers: upstream.headers });
    relayUpgrade(outgoing, socket, head, {
      headers: (raw, upgraded) => responseHeaders(raw, upgraded, gatewayCookie),
      failed: (err) => answer({ status: 502, message: `cannot reach the gateway at ${upstream.profile.proxy}: ${err.message}` }),
      done: (status) => this.answered(upstream.profile, status),
    });
    outgoing.end();
  }

  /** Checks the caller and the profile, then dials the gateway: the connection and the request as it gets it. */
  private dial(req: IncomingMessage, target: GatewayTarget): Problem | Upstream {
    const refusal = this.guard.refusal(req);
    if (refusal) return refusal;
    const profile = this.profiles.get(target.profile);
    if (!profile) return { status: 404, message: `no profile ${target.profile}: sign in to its gateway first` };
    if (sessionRoutes.test(target.path)) return { status: 403, message: 'the daemon holds this session: sign in and out from the workspace app' };
    const gateway = new URL(profile.proxy);
    // Appended, not resolved: a path of the UI's such as //elsewhere/x stays a path on the gateway.
    const url = new URL(profile.proxy.replace(/\/+$/, '') + target.path);
    if (url.searchParams.has('access_token')) url.searchParams.set('access_token', profile.token);
    const headers = requestHeaders(req, (name) => dropped.has(name), req.headers.upgrade !== undefined);
    const session = gatewayOf(profile);
    Object.assign(headers, { host: gateway.host, cookie: session.cookieHeader(), authorization: `Bearer ${profile.token}`, 'x-csrf-token': profile.csrf });
    return { profile, link: dial(gateway), path: url.pathname + url.search, headers };
  }

  /** Ends every forwarded connection, for the daemon to stop. */
  closeAll(): void {
    for (const socket of this.forwarded) socket.destroy();
  }

  private track(socket: Duplex): void {
    this.forwarded.add(socket);
    socket.once('close', () => this.forwarded.delete(socket));
  }

  private answered(profile: StoredProfile, status: number): void {
    if (status === 401 || status === 403) void this.profiles.checkSession(profile.id);
  }
}

/** A connection to the gateway, over TLS for an https address (checked against the system's CAs). */
function dial(gateway: URL): Duplex {
  const secure = gateway.protocol === 'https:';
  const port = Number(gateway.port) || (secure ? 443 : 80);
  const host = gateway.hostname.replace(/^\[|\]$/g, '');
  return secure ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host }) : net.connect(port, host);
}
