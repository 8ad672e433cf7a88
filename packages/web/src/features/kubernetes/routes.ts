import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const kubernetesRoutes: PageRoute[] = [
  {
    path: webRoutes.kubernetes,
    frame: 'main',
    title: 'Kubernetes',
    flag: 'kubernetes',
    component: lazyPage(() => import('./KubernetesPage')),
  },
];
