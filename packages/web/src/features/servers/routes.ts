import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const serversRoutes: PageRoute[] = [
  { path: webRoutes.nodes, frame: 'main', title: 'Servers', flag: 'nodes', component: lazyPage(() => import('./ServersPage')) },
];
