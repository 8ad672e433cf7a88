import { apiPaths } from '@portcullis/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Gateway } from '../../../platform/server/context';
import { HttpError } from '../../../platform/access/errors';
import type { ConnectorService } from '../../connectors/service';
import { SsoRequests } from '../requests';
import { signInStartQuery, ssoSignIn } from '../signIn';
import { SamlFlow } from './flow';

const acsParams = z.object({ connector: z.string() });
const acsBody = z.record(z.string(), z.unknown()).optional();

const formType = 'application/x-www-form-urlencoded';

/**
 * The identity provider's HTTP-POST binding sends an HTML form; the gateway reads no other form, so the parser
 * (added only if fastify has none) answers 415 on every other route.
 */
function acceptFormOnAcs(app: FastifyInstance) {
  if (app.hasContentTypeParser(formType)) return;
  app.addContentTypeParser(formType, { parseAs: 'string', bodyLimit: 1024 * 1024 }, (req, body, done) => {
    if (req.routeOptions.url !== apiPaths.samlAcs) return done(new HttpError(415, `this endpoint does not take ${formType}`), undefined);
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/**
 * GET /saml/sso?connector_id&redirect_url sends the browser to the identity provider with an AuthnRequest; the
 * identity provider posts its response to POST /saml/acs/:connector, which creates or updates the user, signs
 * them in with the session cookie and sends them on. Failures go to the login failed page, audited.
 */
export function samlRoutes(gw: Gateway, connectors: ConnectorService, app: FastifyInstance) {
  const flow = new SamlFlow(connectors, new SsoRequests(gw.store), gw.publicUrl, gw.now);
  const signIn = ssoSignIn(gw, 'saml');
  acceptFormOnAcs(app);

  gw.route('GET', apiPaths.samlSso, {
    access: { public: 'signing in through a SAML identity provider starts before any identity' },
    query: signInStartQuery,
    handler: ({ query, req, reply }) => signIn.start((id, to) => flow.begin(id, to), query, reply, req.ip),
  });

  gw.route('POST', apiPaths.samlAcs, {
    access: { public: 'the identity provider posts its signed response here; the signature and the InResponseTo of a pending sign-in are the credential' },
    // The identity provider's page posts this form from its own origin, so it cannot carry our CSRF token.
    crossSitePost: 'the SAML response must be signed by the connector’s identity provider and answer (InResponseTo) a sign-in started here and not yet used',
    params: acsParams,
    body: acsBody,
    handler: ({ params, body, req, reply }) => {
      const samlResponse = typeof body?.SAMLResponse === 'string' ? body.SAMLResponse : undefined;
      return signIn.finish(() => flow.finish(params.connector, samlResponse), reply, req.ip, params.connector);
    },
  });
}
