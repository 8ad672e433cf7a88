import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A public address as the launcher's path carries it (HOST or HOST:PORT), and nothing else. */
const hostAndPort = /^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?(:\d{1,5})?$/i;

/**
 * Where the console's forms may post besides its own origin: application hosts, since the launcher hands an app
 * its own cookie by a top-level form post to the app's host. That is any subdomain of the public host (where apps
 * are served by default), and on a launcher page the public address its path names (an agent may serve an app
 * elsewhere); a CSP host source, so the address cannot widen the policy beyond one host.
 */
export function appFormTargets(publicUrl: string, path: string): string[] {
  const url = new URL(publicUrl);
  const scheme = url.protocol.replace(':', '');
  const port = url.port ? `:${url.port}` : '';
  const targets = [`${scheme}://*.${url.hostname}${port}`];
  if (!path.startsWith('/web/launch/')) return targets;
  // /web/launch/{fqdn}/{clusterId?}/{publicAddr?}: without the address, the app's host on any port.
  const [, , , fqdn = '', , publicAddr] = path.split('?')[0]!.split('/').map(decodeURIComponent);
  if (publicAddr && hostAndPort.test(publicAddr)) targets.push(`${scheme}://${publicAddr}`);
  else if (!publicAddr && hostAndPort.test(fqdn) && !fqdn.includes(':')) targets.push(`${scheme}://${fqdn}:*`);
  return targets;
}

/**
 * The console page's policy: only our own scripts (plus WebAssembly for the desktop client), inline styles for
 * styled-components, our own origin and its websockets, forms to our own origin and app hosts, and never inside
 * a frame.
 */
export function consoleCsp(req: FastifyRequest, formTargets: string[] = []): string {
  const ws = `${req.protocol === 'https' ? 'wss' : 'ws'}://${req.host}`;
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${ws}`,
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...formTargets].join(' '),
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every answer carries; HSTS only when the gateway itself terminates TLS. */
export function registerSecurityHeaders(app: FastifyInstance, tls: boolean) {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', "frame-ancestors 'none'");
    if (tls) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
