import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

const page = lazyPage(() => import('./AccountPage'));

export const accountRoutes: PageRoute[] = [
  { path: webRoutes.account, frame: 'main', title: 'Account Settings', component: page },
  { path: webRoutes.accountPassword, frame: 'main', title: 'Change Password', component: page },
];
