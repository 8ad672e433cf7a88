import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const databasesRoutes: PageRoute[] = [
  {
    path: webRoutes.databases,
    frame: 'main',
    title: 'Databases',
    flag: 'databases',
    component: lazyPage(() => import('./DatabasesPage')),
  },
];
