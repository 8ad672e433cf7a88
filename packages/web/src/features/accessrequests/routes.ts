import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const accessRequestsRoutes: PageRoute[] = [
  {
    path: webRoutes.accessRequests,
    frame: 'main',
    title: 'Access Requests',
    flag: 'accessRequests',
    component: lazyPage(() => import('./AccessRequestsPage')),
  },
  {
    path: webRoutes.newAccessRequest,
    frame: 'main',
    title: 'New Access Request',
    flag: 'newAccessRequest',
    component: lazyPage(() => import('./NewAccessRequestPage')),
  },
  {
    path: webRoutes.accessRequest,
    frame: 'main',
    title: 'Access Request',
    flag: 'accessRequests',
    component: lazyPage(() => import('./AccessRequestPage')),
  },
];
