import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const integrationsRoutes: PageRoute[] = [
  {
    path: webRoutes.integrations,
    frame: 'main',
    title: 'Manage Integrations',
    flag: 'integrations',
    component: lazyPage(() => import('./IntegrationsPage')),
  },
  {
    path: webRoutes.integrationEnroll,
    frame: 'main',
    title: 'Enroll New Integration',
    flag: 'enrollIntegrations',
    component: lazyPage(() => import('./IntegrationEnrollPage')),
  },
];
