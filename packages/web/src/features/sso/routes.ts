import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const ssoRoutes: PageRoute[] = [
  {
    path: webRoutes.sso,
    frame: 'main',
    title: 'Auth Connectors',
    flag: 'authConnector',
    component: lazyPage(() => import('./AuthConnectorsPage')),
  },
];
