import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const discoverRoutes: PageRoute[] = [
  {
    path: webRoutes.discover,
    frame: 'main',
    title: 'Enroll New Resource',
    flag: 'discover',
    component: lazyPage(() => import('./DiscoverPage')),
  },
];
