import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

const failed = lazyPage(() => import('./LoginFailedPage'));

export const loginRoutes: PageRoute[] = [
  {
    path: webRoutes.login,
    frame: 'public',
    title: 'Login',
    component: lazyPage(() => import('./LoginPage')),
  },
  {
    path: webRoutes.loginSuccess,
    frame: 'public',
    title: 'Login Successful',
    component: lazyPage(() => import('./LoginSuccessPage')),
  },
  ...[
    webRoutes.loginErrorLegacy,
    webRoutes.loginError,
    webRoutes.loginErrorCallback,
    webRoutes.loginErrorUnauthorized,
  ].map((path): PageRoute => ({ path, frame: 'public', title: 'Login Unsuccessful', component: failed })),
];
