import { apiPaths, type OpenIdConfigurationJson } from '@portcullis/shared';
import type { Gateway } from '../server/context';

/**
 * The public keys apps (and AWS) verify the gateway's tokens with, on the gateway's own host, and the discovery document that
 * names them, so anything that trusts an OpenID issuer (a cloud's identity federation) can trust the gateway's tokens.
 */
export function issuerRoutes(gw: Gateway) {
  gw.route('GET', apiPaths.jwks, {
    access: { public: 'apps verify the identity header with these public keys; they hold no secret' },
    handler: async ({ reply }) => {
      // Apps fetch it on every unknown kid; a short cache spares the gateway without delaying a new key long.
      void reply.header('cache-control', 'public, max-age=60');
      return (await gw.issuerKeys()).jwks();
    },
  });

  gw.route('GET', apiPaths.openidConfiguration, {
    access: { public: 'the discovery document names the issuer and where its public keys are; it holds no secret' },
    handler: ({ reply }) => {
      void reply.header('cache-control', 'public, max-age=300');
      const issuer = gw.publicUrl();
      return {
        issuer,
        jwks_uri: `${issuer}${apiPaths.jwks}`,
        response_types_supported: ['id_token'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'username', 'roles', 'traits'],
      } satisfies OpenIdConfigurationJson;
    },
  });
}
