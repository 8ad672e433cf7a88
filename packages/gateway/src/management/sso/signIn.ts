import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Gateway } from '../../platform/server/context';
import { setSessionCookie } from '../websessions/cookie';
import { SsoFailure, failSignIn } from './failure';
import { type SsoIdentity, upsertSsoUser } from './users';

/**
 * The start of a sign-in, reached by a browser following a link: a missing parameter is a failed sign-in shown on
 * the login failed page, not a JSON 400.
 */
export const signInStartQuery = z.object({ connector_id: z.string().optional(), redirect_url: z.string().optional() });
export type SignInStart = z.infer<typeof signInStartQuery>;

/** What an identity provider's answer proves once a kind's flow has checked it, and where the browser goes next. */
export interface SignedIn {
  identity: SsoIdentity;
  redirectUrl: string;
}

/**
 * The steps every single sign-on kind shares around its own flow: sending the browser to the identity provider,
 * turning a checked answer into a user with a session cookie, and sending any failure to the login failed page,
 * audited. Only a kind's checks differ.
 */
export function ssoSignIn(gw: Gateway, method: 'oidc' | 'saml' | 'github') {
  const fail = (err: unknown, reply: FastifyReply, remoteAddr: string, connector?: string) => {
    if (!(err instanceof SsoFailure)) throw err;
    return failSignIn(gw.store, reply, { error: err.message, method, connector: err.connector ?? connector, remoteAddr, now: gw.now() });
  };
  return {
    async start(begin: (connectorId: string, redirectUrl?: string) => Promise<URL>, query: SignInStart, reply: FastifyReply, remoteAddr: string) {
      try {
        if (!query.connector_id) throw new SsoFailure('the sign-in link names no connector: pick a provider on the login page');
        return reply.redirect((await begin(query.connector_id, query.redirect_url)).href, 302);
      } catch (err) {
        return fail(err, reply, remoteAddr);
      }
    },

    /** `connector` names the connector for the audit event when the answer itself could not. */
    async finish(answer: () => Promise<SignedIn>, reply: FastifyReply, remoteAddr: string, connector?: string) {
      try {
        const { identity, redirectUrl } = await answer();
        const user = await upsertSsoUser(gw.store, identity, gw.now());
        const issued = await gw.webSessions.signIn(user, remoteAddr, method, { sso: { connector: identity.connector } });
        setSessionCookie(reply, issued, !!gw.config.tls);
        return reply.redirect(redirectUrl, 302);
      } catch (err) {
        return fail(err, reply, remoteAddr, connector);
      }
    },
  };
}
