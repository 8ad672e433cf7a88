import { apiPaths } from '@portcullis/shared';
import { z } from 'zod';
import type { Gateway } from '../../../platform/server/context';
import type { ConnectorService } from '../../connectors/service';
import { SsoRequests } from '../requests';
import { signInStartQuery, ssoSignIn } from '../signIn';
import { OidcFlow } from './flow';

// The provider's answer arrives as query parameters the flow reads itself, whatever they are.
const callbackQuery = z.record(z.string(), z.unknown());

/**
 * GET /oidc/login/web?connector_id&redirect_url sends the browser to the identity provider; GET /oidc/callback
 * takes it back, creates or updates the user, signs them in with the session cookie and sends them on (the
 * console then bootstraps its bearer as after a local login). Failures go to the login failed page, audited.
 */
export function oidcRoutes(gw: Gateway, connectors: ConnectorService) {
  const flow = new OidcFlow(connectors, new SsoRequests(gw.store), gw.publicUrl, gw.now);
  const signIn = ssoSignIn(gw, 'oidc');

  gw.route('GET', apiPaths.oidcLogin, {
    access: { public: 'signing in through an OIDC identity provider starts before any identity' },
    query: signInStartQuery,
    handler: ({ query, req, reply }) => signIn.start((id, to) => flow.begin(id, to), query, reply, req.ip),
  });

  gw.route('GET', apiPaths.oidcCallback, {
    access: { public: 'the identity provider sends the browser back here; the code, state, nonce and PKCE verifier are the credential' },
    query: callbackQuery,
    handler: ({ req, reply }) => signIn.finish(() => flow.finish(new URL(req.url, 'http://callback').searchParams), reply, req.ip),
  });
}
