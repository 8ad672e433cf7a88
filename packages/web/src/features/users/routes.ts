import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const usersRoutes: PageRoute[] = [
  {
    path: webRoutes.users,
    frame: 'main',
    title: 'Users',
    flag: 'users',
    component: lazyPage(() => import('./UsersPage')),
  },
];
