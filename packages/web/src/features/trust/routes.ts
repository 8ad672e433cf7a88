import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const trustRoutes: PageRoute[] = [
  {
    path: webRoutes.trustedClusters,
    frame: 'main',
    title: 'Trusted Clusters',
    flag: 'trustedClusters',
    component: lazyPage(() => import('./TrustedClustersPage')),
  },
];
