import { apiPaths } from '@portcullis/shared';
import type { Gateway } from '../server/context';
import type { Site } from './sites';
import { presentUserContext } from './context';
import { presentCluster, presentRemoteCluster } from './presenter';
import { clusterParams } from './schemas';

/** What a cluster's summary counts, from the resource kinds that hold it. */
export interface ClusterCounts {
  nodes(site: Site): Promise<number>;
}

export function clusterRoutes(gw: Gateway, counts: ClusterCounts) {
  const cluster = async (site: Site) =>
    site.remote ? presentRemoteCluster(site.name, site.remote) : presentCluster(site.name, gw.publicUrl(), await counts.nodes(site), gw.now());

  gw.route('GET', apiPaths.clusters, {
    access: { signedIn: 'every signed-in user sees the cluster they are in and the leaves that joined it' },
    handler: async () => Promise.all(gw.sites.list().map(cluster)),
  });

  gw.route('GET', apiPaths.clusterAlerts, {
    access: { signedIn: 'cluster alerts are banners meant for every signed-in user' },
    params: clusterParams,
    // This gateway raises no cluster alerts yet; the list is genuinely empty.
    handler: () => ({ alerts: [] }),
  });

  gw.route('GET', apiPaths.userContext, {
    access: { signedIn: 'a user reads their own permissions' },
    params: clusterParams,
    handler: async ({ identity, site }) => presentUserContext(identity!, await cluster(site)),
  });
}
