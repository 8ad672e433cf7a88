import type { IncomingMessage } from 'node:http';
import { assertionHeader } from '../jwt/assertion';
import { setsGatewayCookie, upstreamCookies } from '../sessions/cookies';

/** Headers about one hop, which a proxy never passes on (RFC 9110 §7.6.1), plus those the proxy sets itself. */
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'expect']);
const setByProxy = new Set(['host', 'forwarded', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-real-ip', assertionHeader]);

export interface UpstreamHeaderContext {
  /** HOST[:PORT] of the upstream, sent as Host so the app sees the name it is served under directly. */
  upstreamHost: string;
  /** The scheme the browser used (the gateway's). */
  proto: 'http' | 'https';
  clientAddr: string;
  assertion: string;
  /** Keeps Connection and Upgrade for a websocket handshake. */
  upgrade: boolean;
}

/** The size of a request's head as it arrived (request line and headers), for the header limit. */
export function headBytes(req: IncomingMessage): number {
  let bytes = (req.method?.length ?? 0) + (req.url?.length ?? 0) + 12;
  for (const part of req.rawHeaders) bytes += part.length + 2;
  return bytes;
}

/**
 * The request's headers for the upstream, as a flat [name, value, …] list (repeated names kept): hop-by-hop
 * headers and the gateway's cookies dropped, X-Forwarded-* and the signed identity set by the gateway alone.
 */
export function upstreamRequestHeaders(req: IncomingMessage, ctx: UpstreamHeaderContext): string[] {
  const out = ['Host', ctx.upstreamHost];
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    const lower = name.toLowerCase();
    if (setByProxy.has(lower) || (hopByHop.has(lower) && !(ctx.upgrade && (lower === 'connection' || lower === 'upgrade')))) continue;
    if (lower === 'cookie') {
      const kept = upstreamCookies(raw[i + 1]!);
      if (kept) out.push(name, kept);
      continue;
    }
    out.push(name, raw[i + 1]!);
  }
  out.push('X-Forwarded-For', ctx.clientAddr, 'X-Forwarded-Proto', ctx.proto, 'X-Forwarded-Host', req.headers.host ?? '', 'Portcullis-Jwt-Assertion', ctx.assertion);
  return out;
}

export interface ResponseRewrite {
  /** The upstream's origin (scheme, host, port), as the app writes it in absolute redirects. */
  upstreamOrigin: string;
  /** The app's public origin, which the browser must be sent to instead. */
  publicOrigin: string;
}

/** A Location pointing at the upstream's origin, pointed at the public one instead; any other left alone. */
export function rewriteLocation(location: string, rw: ResponseRewrite): string {
  if (!/^([a-z][a-z0-9+.-]*:)?\/\//i.test(location)) return location;
  let url: URL;
  try {
    url = new URL(location, rw.upstreamOrigin);
  } catch {
    return location;
  }
  if (url.origin !== rw.upstreamOrigin) return location;
  return `${rw.publicOrigin}${url.pathname}${url.search}${url.hash}`;
}

/** A Set-Cookie without its Domain attribute, so the cookie stays on the app's own host. */
export const hostOnlyCookie = (setCookie: string): string =>
  setCookie
    .split(';')
    .filter((part, i) => i === 0 || !/^\s*domain\s*=/i.test(part))
    .join(';');

/**
 * The upstream's response headers for the browser, as a flat list: hop-by-hop headers dropped, redirects to the
 * upstream's origin pointed at the public one, cookies kept on the app's host, and none that would overwrite the
 * gateway's app session cookies.
 */
export function downstreamResponseHeaders(raw: string[], rw: ResponseRewrite, upgrade = false): string[] {
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    const lower = name.toLowerCase();
    let value = raw[i + 1]!;
    if (hopByHop.has(lower) && !(upgrade && (lower === 'connection' || lower === 'upgrade'))) continue;
    if (lower === 'location' || lower === 'content-location') value = rewriteLocation(value, rw);
    if (lower === 'set-cookie') {
      if (setsGatewayCookie(value)) continue;
      value = hostOnlyCookie(value);
    }
    out.push(name, value);
  }
  return out;
}
