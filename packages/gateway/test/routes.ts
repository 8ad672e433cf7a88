import type { RouteOptions } from 'fastify';
import type { RouteGuard } from '../src/platform/access/route';
import type { TestGateway } from './harness';

/** Built console files served by @fastify/static: static, public, and outside the API. */
const isStaticAsset = (r: RouteOptions) => !r.config && r.url.startsWith('/web/') && !r.url.startsWith('/v1/');

export interface Walked {
  key: string;
  method: string;
  url: string;
  guard: RouteGuard | undefined;
}

/** Every route a started gateway registered, once per method: HEAD (which fastify adds to each GET) and built console files left out. */
export function walk(gw: TestGateway): Walked[] {
  return gw.server.routes
    .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ r, method })))
    .filter(({ r, method }) => method !== 'HEAD' && !isStaticAsset(r))
    .map(({ r, method }) => ({ key: `${method} ${r.url}`, method, url: r.url, guard: (r.config as { guard?: RouteGuard } | undefined)?.guard }));
}
