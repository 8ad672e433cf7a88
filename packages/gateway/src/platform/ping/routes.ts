import { apiPaths, type AuthProvider } from '@portcullis/shared';
import type { Gateway } from '../server/context';
import { presentPing } from './presenter';

/** `providers` reads the single sign-on connectors as login buttons, fresh on every request. */
export function pingRoutes(gw: Gateway, providers: () => Promise<AuthProvider[]>) {
  gw.route('GET', apiPaths.ping, {
    access: { public: 'clients read how to sign in before anyone has; it names no user and no secret' },
    handler: async () => presentPing(gw.config, await providers()),
  });
}
