import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const appsRoutes: PageRoute[] = [
  { path: webRoutes.apps, frame: 'main', title: 'Applications', flag: 'applications', component: lazyPage(() => import('./ApplicationsPage')) },
];
