import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const desktopsRoutes: PageRoute[] = [
  {
    path: webRoutes.desktops,
    frame: 'main',
    title: 'Desktops',
    flag: 'desktops',
    component: lazyPage(() => import('./DesktopsPage')),
  },
  // Full screen and in a tab of its own: Connect opens it from the list, Join from Active Sessions.
  {
    path: webRoutes.desktop,
    frame: 'fullscreen',
    title: 'Desktop',
    flag: 'desktops',
    component: lazyPage(() => import('./DesktopSessionPage')),
  },
];
