import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const playerRoutes: PageRoute[] = [
  { path: webRoutes.player, frame: 'fullscreen', title: 'Session Player', flag: 'recordings', component: lazyPage(() => import('./PlayerPage')) },
];
