import { match } from 'path-to-regexp';
import { compilePath } from './compilePath';
import { queryString } from './queryString';
import { webBasePath, webRoutes } from './webRoutes';

/** The parts of a browser location the navigation rules read; the console passes window.location. */
export interface LocationLike {
  origin: string;
  pathname: string;
  search: string;
}

const matchers = Object.values(webRoutes).map((template) => match(template, { decode: decodeURIComponent }));

export function isKnownRoute(pathname: string): boolean {
  return matchers.some((m) => m(pathname) !== false);
}

/** A push or replace to an unknown route falls back to /web. */
export function ensureKnownRoute(pathname: string): string {
  return isKnownRoute(pathname) ? pathname : webBasePath;
}

const absolute = /^([a-z][a-z0-9+.-]*:)?\/\/[^/?#]*/i;

/** Forces a URL onto the app's own origin, so a redirect can never leave it. */
export function ensureOwnOrigin(url: string, origin: string): string {
  if (url.startsWith(`${origin}/`) || url === origin) return url;
  const rest = url.replace(absolute, '');
  return `${origin}${rest.startsWith('/') ? rest : `/${rest}`}`;
}

/**
 * The login route, optionally carrying redirect_uri: the current absolute path (on a known route) plus
 * its query string, encoded.
 */
export function loginPath(location?: LocationLike): string {
  const login = compilePath(webRoutes.login);
  if (!location) return login;
  const path = ensureOwnOrigin(ensureKnownRoute(location.pathname), location.origin);
  const query = location.search ? encodeURIComponent(location.search) : '';
  return `${login}?redirect_uri=${path}${query}`;
}

const clusterMatcher = match<{ clusterId: string }>('/web/cluster/:clusterId/(.*)?', { decode: decodeURIComponent });

export function clusterIdFromPath(pathname: string): string | undefined {
  const found = clusterMatcher(pathname);
  return found ? found.params.clusterId : undefined;
}

/** Tab title: `clusterId • title` when a cluster id is in the URL, else the title. */
export function documentTitle(title: string, pathname: string): string {
  const clusterId = clusterIdFromPath(pathname);
  return clusterId ? `${clusterId} • ${title}` : title;
}

/** Player route with its query: recordingType, the optional durationMs, and `t`, the millisecond to open at. */
export function playerPath(p: { clusterId: string; sid: string; recordingType: string; durationMs?: number; t?: number }): string {
  return compilePath(webRoutes.player, p) + queryString({ recordingType: p.recordingType, durationMs: p.durationMs, t: p.t });
}

/** Console route that joins a session, with the optional mode query. */
export function consoleSessionPath(p: { clusterId: string; sid: string; mode?: string }): string {
  return compilePath(webRoutes.consoleSession, p) + queryString({ mode: p.mode });
}
