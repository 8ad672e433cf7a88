import type { BearerTokenJson } from '@portcullis/shared';
import type { WebSession } from '../../platform/storage/repos/webSessions';
import { bearerFor } from './secrets';

/** The login and renewal answer: the session JSON the console keeps as its bearer token. */
export function presentSession(session: WebSession, secret: string, inactivityTimeoutMs: number, now: number) {
  return {
    type: 'Bearer',
    token: bearerFor(secret),
    expires_in: Math.max(0, Math.floor((session.expiresAt - now) / 1000)),
    sessionExpires: new Date(session.expiresAt).toISOString(),
    sessionInactiveTimeout: inactivityTimeoutMs,
  } satisfies BearerTokenJson;
}
