import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const supportRoutes: PageRoute[] = [
  {
    path: webRoutes.support,
    frame: 'main',
    title: 'Help & Support',
    component: lazyPage(() => import('./SupportPage')),
  },
];
