import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const headlessRoutes: PageRoute[] = [
  {
    path: webRoutes.headlessSso,
    frame: 'fullscreen',
    title: 'Headless Login',
    component: lazyPage(() => import('./HeadlessPage')),
  },
];
