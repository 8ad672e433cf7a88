import type { ResourceModule } from '../register';
import { appAnnouncements } from './announcements';
import { installAppScriptRoute } from './installScript';
import { appKind } from './kind';
import { appRepo } from './repo';
import { appRoutes } from './routes';
import { tcpAppRoutes } from './tcp';

/**
 * Applications: the app kind, the apps agents announce beside their node, the app list and the launcher's
 * lookup, install-app.sh, and TCP apps' byte streams. The HTTP proxy, app sessions and their signed identity register
 * themselves from proxy/, sessions/ and jwt/.
 */
export const appsModule: ResourceModule = (r) => {
  const apps = appRepo(r.gw.store);
  r.core.kinds.register(appKind(apps, r.gw.now));
  r.agents.acceptAnnouncements('app', appAnnouncements(apps, r.gw.publicUrl));
  appRoutes(r.gw, apps);
  installAppScriptRoute(r.gw);
  tcpAppRoutes({ gw: r.gw, apps, agents: r.agents, sessions: r.watched, log: r.app.log });
};
