import type { FastifyReply } from 'fastify';
import type { Store } from '../../platform/storage/store';
import { recordEvent } from '../audit/record';

/** The login failed page for a single sign-on callback; `details` is shown to the person who tried. */
export const failurePage = '/web/msg/error/login/callback';

/** A sign-in that cannot go on, with a message the person signing in (or their administrator) can act on. */
export class SsoFailure extends Error {
  constructor(
    message: string,
    /** The connector the sign-in went through, when known, for the audit event. */
    readonly connector?: string,
  ) {
    super(message);
  }
}

/** Audits the failure (USER_SSO_LOGINFAILURE) and sends the browser to the login failed page with the message. */
export async function failSignIn(store: Store, reply: FastifyReply, failure: { error: string; method: string; connector?: string; remoteAddr: string; now: number }) {
  await recordEvent(
    store,
    'USER_SSO_LOGINFAILURE',
    {
      method: failure.method,
      ...(failure.connector !== undefined && { connector: failure.connector }),
      error: failure.error,
      success: false,
      'addr.remote': failure.remoteAddr,
    },
    failure.now,
  );
  return reply.redirect(`${failurePage}?details=${encodeURIComponent(failure.error)}`, 302);
}
