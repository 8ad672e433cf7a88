import { apiPaths } from '@portcullis/shared';
import { z } from 'zod';
import type { Gateway } from '../../../platform/server/context';
import type { ConnectorService } from '../../connectors/service';
import { SsoRequests } from '../requests';
import { signInStartQuery, ssoSignIn } from '../signIn';
import { GithubFlow } from './flow';

// GitHub's answer arrives as query parameters the flow reads itself, whatever they are.
const callbackQuery = z.record(z.string(), z.unknown());

/**
 * GET /github/login/web?connector_id&redirect_url sends the browser to GitHub; GET /github/callback takes it
 * back, creates or updates the user, signs them in with the session cookie and sends them on (the console then
 * bootstraps its bearer as after a local login). Failures go to the login failed page, audited.
 */
export function githubRoutes(gw: Gateway, connectors: ConnectorService) {
  const flow = new GithubFlow(connectors, new SsoRequests(gw.store), gw.publicUrl, gw.now);
  const signIn = ssoSignIn(gw, 'github');

  gw.route('GET', apiPaths.githubLogin, {
    access: { public: 'signing in through GitHub starts before any identity' },
    query: signInStartQuery,
    handler: ({ query, req, reply }) => signIn.start((id, to) => flow.begin(id, to), query, reply, req.ip),
  });

  gw.route('GET', apiPaths.githubCallback, {
    access: { public: 'GitHub sends the browser back here; the code with the single-use state kept for it is the credential' },
    query: callbackQuery,
    handler: ({ req, reply }) => signIn.finish(() => flow.finish(new URL(req.url, 'http://callback').searchParams), reply, req.ip),
  });
}
