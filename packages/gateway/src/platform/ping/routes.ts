import type { Gateway } from '../server/context';
import { webConfig } from '../web/webConfig';

export function pingRoutes(gw: Gateway) {
  gw.route('GET', '/v1/webapi/ping', {
    access: { public: 'the console reads the auth config before anyone signs in' },
    handler: () => ({
      auth: webConfig(gw.config).auth,
      proxy: { assist_enabled: false, cluster: gw.config.clusterName },
      server_version: version,
      automatic_upgrades: false,
    }),
  });
}

export const version = '0.1.0';
