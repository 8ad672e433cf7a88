import { Agent, type AgentOptions, type ClientRequest, type ClientRequestArgs } from 'node:http';
import { isIP, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import type { AppRecord } from '../repo';
import type { Dialer } from './deps';

/**
 * How long an idle pooled connection to an app is kept. Below the 5 s keep-alive of common servers (Node's
 * included), so the gateway lets go of a connection before the app closes it under a request in flight.
 */
const poolIdleMs = 2_000;

/** An upstream as requests address it. */
export interface Upstream {
  /** Keeps connections to the app open between requests (over the tunnel, dialing costs a round trip). */
  agent: Agent;
  /** scheme://host:port as the app writes it in absolute redirects. */
  origin: string;
  /** HOST[:PORT] for the Host header. */
  host: string;
  /** A fresh connection of its own (for a websocket, which keeps it). */
  connect(): Promise<Duplex>;
}

/** TLS over the dialed stream for an https:// app, verified against the app's host name. */
async function open(dial: Dialer, app: AppRecord, url: URL): Promise<Duplex> {
  const raw = await dial(app);
  if (url.protocol !== 'https:') return raw;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const tls = tlsConnect({ socket: raw, host, ...(isIP(host) ? {} : { servername: host }), ALPNProtocols: ['http/1.1'] });
  await new Promise<void>((resolve, reject) => {
    tls.once('secureConnect', resolve);
    tls.once('error', reject);
  });
  return tls;
}

/** Socket methods Node's Agent calls on pooled connections; a tunnel stream has none of them (nothing to tune). */
const socketMethods = ['ref', 'unref', 'setKeepAlive', 'setNoDelay', 'setTimeout'] as const;

function asPooledSocket(stream: Duplex): Duplex {
  const target = stream as unknown as Record<string, unknown>;
  for (const method of socketMethods) if (typeof target[method] !== 'function') target[method] = () => stream;
  return stream;
}

/**
 * A keep-alive pool whose connections are dialed through `dial` (the agent's tunnel). An idle connection is
 * let go after poolIdleMs by a timer of its own, since a tunnel stream has no socket timeout.
 */
class DialingAgent extends Agent {
  private readonly idle = new WeakMap<object, NodeJS.Timeout>();

  constructor(
    private readonly dialUpstream: () => Promise<Duplex>,
    options: AgentOptions,
  ) {
    super({ keepAlive: true, ...options });
  }

  override createConnection(_options: ClientRequestArgs, callback: (err: Error | null, socket?: Duplex) => void): Duplex | undefined {
    this.dialUpstream().then(
      (stream) => callback(null, asPooledSocket(stream)),
      (err: Error) => callback(err),
    );
    return undefined;
  }

  override keepSocketAlive(socket: Socket): boolean {
    const timer = setTimeout(() => socket.destroy(), poolIdleMs);
    timer.unref();
    this.idle.set(socket, timer);
    super.keepSocketAlive(socket);
    return true;
  }

  override reuseSocket(socket: Socket, req: ClientRequest): void {
    clearTimeout(this.idle.get(socket));
    this.idle.delete(socket);
    super.reuseSocket(socket, req);
  }
}

/** One pool per app (by id and address), made on first use. */
export class Upstreams {
  private readonly pools = new Map<string, Upstream>();

  constructor(private readonly dial: Dialer) {}

  for(app: AppRecord): Upstream {
    const key = `${app.id} ${app.uri}`;
    let upstream = this.pools.get(key);
    if (!upstream) {
      const url = new URL(app.uri);
      const connect = () => open(this.dial, app, url);
      upstream = { agent: new DialingAgent(connect, { maxFreeSockets: 64 }), origin: url.origin, host: url.host, connect };
      this.pools.set(key, upstream);
    }
    return upstream;
  }

  close(): void {
    for (const upstream of this.pools.values()) upstream.agent.destroy();
    this.pools.clear();
  }
}
