import type { FastifyReply } from 'fastify';
import type { IssuedSession } from './service';

export const sessionCookie = 'grv_session';

export function setSessionCookie(reply: FastifyReply, issued: IssuedSession, secure: boolean) {
  reply.setCookie(sessionCookie, issued.secret, {
    path: '/',
    httpOnly: true,
    // Lax so that following a link into /web still finds the session; state changes need the CSRF token anyway.
    sameSite: 'lax',
    secure,
    expires: new Date(issued.session.expiresAt),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(sessionCookie, { path: '/' });
}
