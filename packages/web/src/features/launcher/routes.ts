import { webRoutes } from '@portcullis/shared';
import { lazyPage } from '../../router/lazyPage';
import type { PageRoute } from '../../router/pageRoute';

// No feature flag: the flag is about listing applications, while whether this user may open this app is the
// gateway's to say (its details answer 404 otherwise), so a shared link works for anyone allowed the app.
export const launcherRoutes: PageRoute[] = [
  { path: webRoutes.appLauncher, frame: 'fullscreen', title: 'Launching Application', component: lazyPage(() => import('./LauncherPage')) },
];
