import type { Gateway } from '../server/context';
import { presentUserContext } from './context';
import { assertLocalCluster } from './local';
import { presentCluster } from './presenter';
import { clusterParams } from './schemas';

export function clusterRoutes(gw: Gateway) {
  const cluster = async () => presentCluster(gw.config.clusterName, gw.publicUrl(), await gw.countNodes(), gw.now());

  gw.route('GET', '/v1/webapi/sites', {
    access: { signedIn: 'every signed-in user sees the cluster they are in' },
    handler: async () => [await cluster()],
  });

  gw.route('GET', '/v1/webapi/sites/:clusterId/alerts', {
    access: { signedIn: 'cluster alerts are banners meant for every signed-in user' },
    params: clusterParams,
    // This gateway raises no cluster alerts yet; the list is genuinely empty.
    handler: ({ params }) => {
      assertLocalCluster(gw, params.clusterId);
      return { alerts: [] };
    },
  });

  gw.route('GET', '/v1/webapi/sites/:clusterId/context', {
    access: { signedIn: 'a user reads their own permissions' },
    params: clusterParams,
    handler: async ({ identity, params }) => {
      assertLocalCluster(gw, params.clusterId);
      return presentUserContext(identity!, await cluster());
    },
  });
}
