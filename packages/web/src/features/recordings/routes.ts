import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const recordingsRoutes: PageRoute[] = [
  { path: webRoutes.recordings, frame: 'main', title: 'Session Recordings', flag: 'recordings', component: lazyPage(() => import('./RecordingsPage')) },
];
