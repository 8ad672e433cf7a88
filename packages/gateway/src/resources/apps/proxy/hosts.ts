import { isIP } from 'node:net';
import type { AppRecord } from '../repo';
import type { AppLookup } from './deps';

/** Where a request goes by its Host: the gateway's own routes, an app, or a page saying no app is served there. */
export type HostRoute = { to: 'gateway' } | { to: 'app'; app: AppRecord } | { to: 'none'; hostname: string };

const gateway: HostRoute = { to: 'gateway' };

/** How long a Host's app (or its absence) is remembered, so a request costs no query. */
const cacheMs = 1_000;
/** Random Host headers must not grow the cache without bound. */
const cacheLimit = 10_000;

/** The host name of a Host header, lower case, without port or IPv6 brackets. */
export function hostnameOf(host: string): string {
  const lower = host.toLowerCase();
  if (lower.startsWith('[')) return lower.slice(1, lower.indexOf(']'));
  return lower.replace(/:\d*$/, '');
}

/**
 * Routes requests by Host on the gateway's one port. The gateway's own host name, an IP address or a missing
 * Host are the gateway's (agents and scripts reach it by address). A subdomain of the gateway's host name is an
 * app's, or a clear 404 when no app is served there; any other name is an app's only when an agent named it as
 * an app's public address, and otherwise the gateway's, as before apps existed.
 */
export class HostRouter {
  private readonly cache = new Map<string, { app: AppRecord | undefined; at: number }>();
  private publicUrl = '';
  private gatewayHost = '';

  constructor(
    private readonly gatewayUrl: () => string,
    private readonly apps: AppLookup,
    private readonly now: () => number,
  ) {}

  /** The route, or a promise of it when storage must be asked; the gateway's own requests are answered at once. */
  route(host: string | undefined): HostRoute | Promise<HostRoute> {
    if (!host) return gateway;
    const hostname = hostnameOf(host);
    const own = this.ownHost();
    if (hostname === own) return gateway;
    const cached = this.cache.get(host.toLowerCase());
    const underGateway = hostname.endsWith(`.${own}`);
    // Only names that are not addresses are cached, so a cached one needs no isIP (a regex test on every request).
    if (cached && this.now() - cached.at < cacheMs) return this.decide(cached.app, underGateway, hostname);
    if (isIP(hostname)) return gateway;
    return this.lookup(host.toLowerCase()).then((app) => this.decide(app, underGateway, hostname));
  }

  private decide(app: AppRecord | undefined, underGateway: boolean, hostname: string): HostRoute {
    if (app) return { to: 'app', app };
    return underGateway ? { to: 'none', hostname } : gateway;
  }

  private async lookup(host: string): Promise<AppRecord | undefined> {
    const app = await this.apps.byHost(host);
    if (this.cache.size >= cacheLimit) this.cache.clear();
    this.cache.set(host, { app, at: this.now() });
    return app;
  }

  /** The public URL's host name; the URL is known only once the gateway listens, so it is read each time. */
  private ownHost(): string {
    const url = this.gatewayUrl();
    if (url !== this.publicUrl) {
      this.publicUrl = url;
      this.gatewayHost = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
    }
    return this.gatewayHost;
  }
}
