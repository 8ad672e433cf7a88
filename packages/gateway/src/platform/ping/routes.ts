import { apiPaths, type PingJson } from '@portcullis/shared';
import type { Gateway } from '../server/context';
import { webConfig } from '../web/webConfig';

export function pingRoutes(gw: Gateway) {
  gw.route('GET', apiPaths.ping, {
    access: { public: 'clients read how to sign in before anyone has; it names no user and no secret' },
    // Neither the assistant nor automatic upgrades exist here yet.
    handler: () =>
      ({
        auth: webConfig(gw.config).auth,
        proxy: { assist_enabled: false, cluster: gw.config.clusterName },
        server_version: version,
        automatic_upgrades: false,
      }) satisfies PingJson,
  });
}

export const version = '0.1.0';
