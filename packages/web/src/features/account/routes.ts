import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const accountRoutes: PageRoute[] = [
  {
    path: webRoutes.account,
    frame: 'main',
    title: 'Account Settings',
    component: lazyPage(() => import('./AccountPage')),
  },
  {
    path: webRoutes.accountPassword,
    frame: 'main',
    title: 'Change Password',
    component: lazyPage(() => import('./ChangePasswordPage')),
  },
  {
    path: webRoutes.accountMfaDevices,
    frame: 'main',
    title: 'Two-Factor Devices',
    component: lazyPage(() => import('./MfaDevicesPage')),
  },
];
