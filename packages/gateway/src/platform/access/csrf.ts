import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sameSecret } from '../../management/websessions/secrets';
import { forbidden } from './errors';

/** Double-submit CSRF: an HttpOnly cookie holds a random value the page also receives in a meta tag. */
export const csrfCookie = 'grv_csrf';
export const csrfHeader = 'x-csrf-token';

export function newCsrfToken(): string {
  return randomBytes(32).toString('hex');
}

/** The page's token: the one its cookie already holds, or a new one set now. */
export function issueCsrfToken(req: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = req.cookies[csrfCookie];
  if (existing && /^[0-9a-f]{64}$/.test(existing)) return existing;
  const token = newCsrfToken();
  reply.setCookie(csrfCookie, token, { path: '/', httpOnly: true, sameSite: 'strict', secure });
  return token;
}

/** State-changing requests must echo the cookie's value in the X-CSRF-Token header. */
export function checkCsrf(req: FastifyRequest): void {
  const cookie = req.cookies[csrfCookie];
  const header = req.headers[csrfHeader];
  if (!cookie || typeof header !== 'string' || !sameSecret(cookie, header)) throw forbidden('missing or invalid CSRF token');
}
