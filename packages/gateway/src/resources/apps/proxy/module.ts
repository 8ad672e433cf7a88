import type { FastifyInstance } from 'fastify';
import type { Gateway } from '../../../platform/server/context';
import type { ResourceModule } from '../../register';
import { awsFederation, envCredentials } from '../aws/federation';
import { dialApp } from '../dial';
import { AssertionSigner } from '../jwt/assertion';
import { appRepo } from '../repo';
import { LiveAppSessions } from '../sessions/live';
import { appSessionRoutes } from '../sessions/routes';
import { AppSessionService } from '../sessions/service';
import { AppHosts } from './appHost';
import type { AppLookup, Dialer } from './deps';
import { HostRouter } from './hosts';
import { interceptAppHosts } from './intercept';
import { Upstreams } from './upstream';

/** How long a checked app session is trusted before its web session, user and roles are read again. */
const revalidateMs = 1_000;

/**
 * The HTTP side of apps: app sessions (POST /sessions/app) and the app hosts on the gateway's port
 * (the launcher's handoff and the proxy). Apps are found in the app kind's repo and dialed through their agents.
 */
export const appProxyModule: ResourceModule = (r) => {
  const apps = appRepo(r.gw.store);
  registerAppProxy(r.gw, r.app, { byHost: (host) => apps.byHost(host, r.gw.now()) }, (app) => dialApp(r.agents, app));
};

/** The same over any lookup and dial (the benchmark dials apps directly). */
export function registerAppProxy(gw: Gateway, app: FastifyInstance, lookup: AppLookup, dial: Dialer): void {
  const live = new LiveAppSessions(gw, { revalidateMs, summaryMs: gw.config.apps.auditInterval });
  const upstreams = new Upstreams(dial);
  const hosts = new AppHosts(gw, live, upstreams, new AssertionSigner(gw.issuerKeys, gw.publicUrl, gw.now), (err, target) =>
    // The cause may name hosts behind the agent: for the operator's log only, never for the page.
    app.log.warn({ err, app: target.name }, 'app upstream failed'),
    awsFederation({ stsUrl: gw.config.apps.awsStsUrl, federationUrl: gw.config.apps.awsFederationUrl, credentials: envCredentials }),
  );
  interceptAppHosts(app.server, new HostRouter(gw.publicUrl, lookup, gw.now), hosts);
  appSessionRoutes(gw, new AppSessionService(gw, lookup));
  app.addHook('onReady', async () => {
    await gw.issuerKeys();
    live.start();
  });
  app.addHook('preClose', async () => {
    upstreams.close();
    await live.stop();
  });
}
