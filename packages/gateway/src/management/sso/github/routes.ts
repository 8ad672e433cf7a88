import { apiPaths } from '@portcullis/shared';
import { z } from 'zod';
import type { Gateway } from '../../../platform/server/context';
import type { ConnectorService } from '../../connectors/service';
import { setSessionCookie } from '../../websessions/cookie';
import { SsoFailure, failSignIn } from '../failure';
import { SsoRequests } from '../requests';
import { upsertSsoUser } from '../users';
import { GithubFlow } from './flow';

// Both are reached by a browser following links; a missing parameter is a failed sign-in shown on the login failed page, not a JSON 400.
const loginQuery = z.object({ connector_id: z.string().optional(), redirect_url: z.string().optional() });
const callbackQuery = z.record(z.string(), z.unknown());

/**
 * GET /github/login/web?connector_id&redirect_url sends the browser to GitHub; GET /github/callback takes it
 * back, creates or updates the user, signs them in with the session cookie and sends them on (the console then
 * bootstraps its bearer as after a local login). Failures go to the login failed page, audited.
 */
export function githubRoutes(gw: Gateway, connectors: ConnectorService) {
  const flow = new GithubFlow(connectors, new SsoRequests(gw.store), gw.publicUrl, gw.now);
  const secure = !!gw.config.tls;

  const fail = (err: unknown, reply: Parameters<typeof failSignIn>[1], remoteAddr: string) => {
    if (!(err instanceof SsoFailure)) throw err;
    return failSignIn(gw.store, reply, {
      error: err.message,
      method: 'github',
      connector: err.connector,
      remoteAddr,
      now: gw.now(),
    });
  };

  gw.route('GET', apiPaths.githubLogin, {
    access: { public: 'signing in through GitHub starts before any identity' },
    query: loginQuery,
    handler: async ({ query, req, reply }) => {
      try {
        if (!query.connector_id)
          throw new SsoFailure('the sign-in link names no connector: pick a provider on the login page');
        const url = await flow.begin(query.connector_id, query.redirect_url);
        return reply.redirect(url.href, 302);
      } catch (err) {
        return fail(err, reply, req.ip);
      }
    },
  });

  gw.route('GET', apiPaths.githubCallback, {
    access: {
      public:
        'GitHub sends the browser back here; the code with the single-use state kept for it is the credential',
    },
    query: callbackQuery,
    handler: async ({ req, reply }) => {
      try {
        const { identity, redirectUrl } = await flow.finish(new URL(req.url, 'http://callback').searchParams);
        const user = await upsertSsoUser(gw.store, identity, gw.now());
        const issued = await gw.webSessions.signIn(user, req.ip, 'github', {
          sso: { connector: identity.connector },
        });
        setSessionCookie(reply, issued, secure);
        return reply.redirect(redirectUrl, 302);
      } catch (err) {
        return fail(err, reply, req.ip);
      }
    },
  });
}
