import { apiPaths, type KubeEndpointJson } from '@portcullis/shared';
import { clusterParams } from '../../platform/clusters/schemas';
import type { Gateway } from '../../platform/server/context';
import { listKubeClusters } from './list';
import type { KubeEndpoint } from './proxy/listener';
import { presentKubeCluster } from './presenter';
import type { KubeClusterRepo } from './repo';
import { kubeListQuery } from './schemas';

/** The Kubernetes cluster list, and where kubectl reaches their API (`endpoint`, known once the listener is up). */
export function kubeRoutes(gw: Gateway, clusters: KubeClusterRepo, endpoint: () => KubeEndpoint) {
  gw.route('GET', apiPaths.kubernetes, {
    access: { resource: 'kube_server', verb: 'list' },
    params: clusterParams,
    query: kubeListQuery,
    handler: async ({ identity, query }) => {
      const page = await listKubeClusters(clusters, identity!.roles, query, gw.now());
      return { items: page.items.map((c) => presentKubeCluster(c, identity!)), startKey: page.startKey, totalCount: page.totalCount };
    },
  });

  gw.route('GET', apiPaths.kubeEndpoint, {
    access: { resource: 'kube_server', verb: 'list' },
    params: clusterParams,
    handler: () => {
      const { server, ca } = endpoint();
      return { server, ...(ca && { certificate_authority: ca }) } satisfies KubeEndpointJson;
    },
  });
}
