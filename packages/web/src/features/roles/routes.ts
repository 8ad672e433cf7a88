import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const rolesRoutes: PageRoute[] = [
  {
    path: webRoutes.roles,
    frame: 'main',
    title: 'Roles',
    flag: 'roles',
    component: lazyPage(() => import('./RolesPage')),
  },
];
