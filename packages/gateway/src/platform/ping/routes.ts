import { apiPaths } from '@portcullis/shared';
import type { Gateway } from '../server/context';
import { presentPing } from './presenter';

export function pingRoutes(gw: Gateway) {
  gw.route('GET', apiPaths.ping, {
    access: { public: 'clients read how to sign in before anyone has; it names no user and no secret' },
    handler: () => presentPing(gw.config),
  });
}
