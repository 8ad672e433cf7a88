import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const settingsRoutes: PageRoute[] = [
  {
    path: webRoutes.settings,
    frame: 'main',
    title: 'Settings',
    component: lazyPage(() => import('./SettingsPage')),
  },
];
