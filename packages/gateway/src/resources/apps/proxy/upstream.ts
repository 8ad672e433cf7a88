import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect as tlsConnect } from 'node:tls';
import type { AppRecord } from '../repo';
import type { Dialer } from './deps';
import { ConnectionPool } from './pool';

/** Idle connections kept per app: enough for a browser's parallel requests and a few tabs. */
const maxIdlePerApp = 64;

/** An upstream as requests address it. */
export interface Upstream {
  /** Keeps connections to the app open between requests (over the tunnel, dialing costs a round trip). */
  pool: ConnectionPool;
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
  const tls = tlsConnect({
    socket: raw,
    host,
    ...(isIP(host) ? {} : { servername: host }),
    ALPNProtocols: ['http/1.1'],
  });
  await new Promise<void>((resolve, reject) => {
    tls.once('secureConnect', resolve);
    tls.once('error', reject);
  });
  return tls;
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
      upstream = {
        pool: new ConnectionPool(connect, maxIdlePerApp),
        origin: url.origin,
        host: url.host,
        connect,
      };
      this.pools.set(key, upstream);
    }
    return upstream;
  }

  close(): void {
    for (const upstream of this.pools.values()) upstream.pool.close();
    this.pools.clear();
  }
}
