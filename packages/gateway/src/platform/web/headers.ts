import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The console page's policy: only our own scripts (plus WebAssembly for the desktop client), inline styles for
 * styled-components, our own origin and its websockets, and never inside a frame.
 */
export function consoleCsp(req: FastifyRequest): string {
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
    "form-action 'self'",
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
