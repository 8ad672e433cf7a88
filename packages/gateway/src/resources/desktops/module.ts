import type { ResourceModule } from '../register';
import { desktopAnnouncements, desktopServiceAnnouncements } from './announcements';
import { desktopRecordingRoutes } from './recording/playback';
import type { DesktopRecordingStore } from './recording/store';
import { desktopRepo } from './repo';
import { desktopRoutes } from './routes';
import { desktopServiceRepo } from './services';
import { LiveDesktops } from './session/liveDesktops';
import { desktopSocketRoutes } from './sockets';

/**
 * Desktops: those agents announce (--desktop, VNC or RDP), the agents serving them, their list, the browser's
 * connect socket, which carries RFB to noVNC, and the playback of the sessions the roles record (`recordings`).
 */
export const desktopsModule =
  (recordings: Pick<DesktopRecordingStore, 'start' | 'open'>): ResourceModule =>
  (r) => {
    const desktops = desktopRepo(r.gw.store);
    const services = desktopServiceRepo(r.gw.store);
    const live = new LiveDesktops();
    r.agents.acceptAnnouncements('windows_desktop', desktopAnnouncements(desktops));
    r.agents.acceptAnnouncements('windows_desktop_service', desktopServiceAnnouncements(services));
    desktopRoutes(r.gw, desktops, services, live);
    desktopRecordingRoutes(r.gw, recordings);
    desktopSocketRoutes({
      gw: r.gw,
      desktops,
      agents: r.agents,
      core: r.core,
      watched: r.watched,
      live,
      recordings,
      log: r.app.log,
    });
  };
