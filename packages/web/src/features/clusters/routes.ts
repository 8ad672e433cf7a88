import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const clustersRoutes: PageRoute[] = [
  {
    path: webRoutes.clusters,
    frame: 'main',
    title: 'Manage Clusters',
    flag: 'trustedClusters',
    component: lazyPage(() => import('./ClustersPage')),
  },
  // Every signed-in user may open a cluster they reach: what they may do there is each area's own flag.
  {
    path: webRoutes.cluster,
    frame: 'main',
    title: 'Cluster',
    component: lazyPage(() => import('./ClusterPage')),
  },
];
