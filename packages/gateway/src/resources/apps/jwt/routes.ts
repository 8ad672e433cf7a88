import { apiPaths } from '@portcullis/shared';
import type { Gateway } from '../../../platform/server/context';
import type { JwtKeys } from './keys';

/** The public keys apps verify the identity header with, on the gateway's own host. */
export function jwksRoutes(gw: Gateway, keys: () => Promise<JwtKeys>) {
  gw.route('GET', apiPaths.jwks, {
    access: { public: 'apps verify the identity header with these public keys; they hold no secret' },
    handler: async ({ reply }) => {
      // Apps fetch it on every unknown kid; a short cache spares the gateway without delaying a new key long.
      void reply.header('cache-control', 'public, max-age=60');
      return (await keys()).jwks();
    },
  });
}
