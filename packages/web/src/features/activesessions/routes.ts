import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

export const activeSessionsRoutes: PageRoute[] = [
  { path: webRoutes.sessions, frame: 'main', title: 'Active Sessions', flag: 'activeSessions', component: lazyPage(() => import('./ActiveSessionsPage')) },
  { path: webRoutes.consoleSession, frame: 'fullscreen', title: 'Console', component: lazyPage(() => import('./JoinSessionPage')) },
];
