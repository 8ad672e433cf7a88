import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const assistRoutes: PageRoute[] = [
  {
    path: webRoutes.assist,
    frame: 'main',
    title: 'Assist',
    flag: 'assist',
    component: lazyPage(() => import('./AssistPage')),
  },
];
