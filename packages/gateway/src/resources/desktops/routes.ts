import { apiPaths } from '@portcullis/shared';
import { notFound } from '../../platform/access/errors';
import { clusterParams } from '../../platform/clusters/schemas';
import type { Identity } from '../../platform/access/identity';
import type { Gateway } from '../../platform/server/context';
import { desktopListRefusal } from './kind';
import { listDesktops } from './list';
import { presentDesktop, presentDesktopService } from './presenter';
import type { DesktopRepo } from './repo';
import { desktopListQuery, desktopParams } from './schemas';
import type { DesktopServiceRepo } from './services';
import type { LiveDesktops } from './session/liveDesktops';

/** The desktop list, one desktop, whether someone is in a session on it, and the agents serving desktops. */
export function desktopRoutes(gw: Gateway, desktops: DesktopRepo, services: DesktopServiceRepo, live: LiveDesktops) {
  /** The desktop named `name` the user may reach; the same answer whether it is missing, offline or beyond the user's roles, so it reveals nothing. */
  const reachable = async (identity: Identity, name: string) => {
    const found = (await desktops.byName(name, gw.now())).find((d) => !desktopListRefusal(identity, d));
    if (!found) throw notFound(`no desktop ${name} that you may reach`);
    return found;
  };

  gw.route('GET', apiPaths.desktops, {
    access: { resource: 'windows_desktop', verb: 'list' },
    params: clusterParams,
    query: desktopListQuery,
    handler: async ({ identity, query }) => {
      const page = await listDesktops(desktops, identity!.roles, query, gw.now());
      return { items: page.items.map((d) => presentDesktop(d, identity!.roles)), startKey: page.startKey, totalCount: page.totalCount };
    },
  });

  gw.route('GET', apiPaths.desktop, {
    access: { resource: 'windows_desktop', verb: 'read' },
    params: desktopParams,
    handler: async ({ identity, params }) => presentDesktop(await reachable(identity!, params.desktopName), identity!.roles),
  });

  gw.route('GET', apiPaths.desktopActive, {
    access: { resource: 'windows_desktop', verb: 'read' },
    params: desktopParams,
    handler: async ({ identity, params }) => ({ active: live.activeOn((await reachable(identity!, params.desktopName)).id) }),
  });

  gw.route('GET', apiPaths.desktopServices, {
    access: { resource: 'windows_desktop', verb: 'list' },
    params: clusterParams,
    handler: async () => ({ items: (await services.live(gw.now())).map(presentDesktopService) }),
  });
}
