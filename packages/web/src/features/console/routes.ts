import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

// One component for every console route: moving between them keeps the same page instance, so open
// terminal sessions survive switching tabs and visiting the node picker.
const ConsolePage = lazyPage(() => import('./ConsolePage'));

export const consoleRoutes: PageRoute[] = [
  { path: webRoutes.console, frame: 'fullscreen', title: 'Console', component: ConsolePage },
  { path: webRoutes.consoleNodes, frame: 'fullscreen', title: 'Console', component: ConsolePage },
  { path: webRoutes.consoleConnect, frame: 'fullscreen', title: 'Console', component: ConsolePage },
  // Its own page: a query console is opened in a tab of its own from a database's Connect dialog.
  {
    path: webRoutes.consoleDatabase,
    frame: 'fullscreen',
    title: 'Database Console',
    flag: 'databases',
    component: lazyPage(() => import('./DatabaseConsolePage')),
  },
  // Its own page too: a terminal on a pod is opened in a tab of its own from a Kubernetes cluster's Connect dialog.
  {
    path: webRoutes.consoleKubeExec,
    frame: 'fullscreen',
    title: 'Kubernetes Exec',
    flag: 'kubernetes',
    component: lazyPage(() => import('./KubeExecPage')),
  },
];
