import { apiPaths, type AppDetailsJson } from '@portcullis/shared';
import { notFound } from '../../platform/access/errors';
import { pathVariants } from '../../platform/access/templates';
import { clusterParams } from '../../platform/clusters/schemas';
import type { Gateway } from '../../platform/server/context';
import { fqdnOf } from './address';
import { awsRolesFor, isAwsConsoleApp } from './aws/console';
import { appRefusal } from './kind';
import { listApps } from './list';
import { presentApp } from './presenter';
import type { AppRecord, AppRepo } from './repo';
import { appDetailsAddrParams, appDetailsClusterParams, appDetailsParams, appListQuery } from './schemas';

/** The app list of a cluster, and the launcher's lookup of one app by its host name. */
export function appRoutes(gw: Gateway, apps: AppRepo) {
  gw.route('GET', apiPaths.apps, {
    access: { resource: 'app_server', verb: 'list' },
    params: clusterParams,
    query: appListQuery,
    handler: async ({ identity, site, query }) => {
      const page = await listApps(apps, identity!.roles, query, gw.now());
      const roles = identity!.roles;
      const present = (a: AppRecord) => presentApp(a, site.name, isAwsConsoleApp(a, gw.config.apps.awsConsoleUrl) ? awsRolesFor(roles, a) : undefined);
      return { items: page.items.map(present), startKey: page.startKey, totalCount: page.totalCount };
    },
  });

  // /apps/{fqdn}/{clusterId?}/{publicAddr?}: the launcher learns which app it opens, and that the user may.
  const [bare, inCluster, withAddr] = pathVariants(apiPaths.appDetails) as [string, string, string];
  const details = async (identity: Parameters<typeof appRefusal>[0], clusterId: string, fqdn: string, publicAddr?: string) => {
    const found = (await apps.byFqdn(fqdn, gw.now())).filter((a) => publicAddr === undefined || a.publicAddr === publicAddr.toLowerCase());
    const app = found.find((a) => !appRefusal(identity, a));
    // The same answer whether the app is missing, offline or beyond the user's roles, so it reveals nothing.
    if (!app) throw notFound(`no app at ${fqdn} that you may open`);
    return { fqdn: fqdnOf(app.publicAddr), clusterId, publicAddr: app.publicAddr } satisfies AppDetailsJson;
  };
  const access = { signedIn: 'who may open which app is decided per app in the handler, by the roles; any other answer is a 404' } as const;
  gw.route('GET', bare, { access, params: appDetailsParams, handler: ({ identity, params }) => details(identity!, gw.config.clusterName, params.fqdn) });
  gw.route('GET', inCluster, { access, params: appDetailsClusterParams, handler: ({ identity, site, params }) => details(identity!, site.name, params.fqdn) });
  gw.route('GET', withAddr, { access, params: appDetailsAddrParams, handler: ({ identity, site, params }) => details(identity!, site.name, params.fqdn, params.publicAddr) });
}
