import { readFileSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import { issuerRoutes } from '../issuer/routes';
import { clientErrorHandler, frameworkErrors, refuseHandshake, registerErrorHandler } from '../access/errors';
import { publicUrl, type GatewayConfig } from '../config/config';
import { refuseUnenforced } from '../config/unenforced';
import { registerResources, type ResourcesOptions } from '../../resources/register';
import { pingRoutes } from '../ping/routes';
import { RoleService } from '../../management/roles/service';
import { roleRoutes } from '../../management/roles/routes';
import { ConnectorService } from '../../management/connectors/service';
import { connectorRoutes } from '../../management/connectors/routes';
import { webSessionRoutes } from '../../management/websessions/routes';
import { oidcRoutes } from '../../management/sso/oidc/routes';
import { githubRoutes } from '../../management/sso/github/routes';
import { samlRoutes } from '../../management/sso/saml/routes';
import { openStorage } from '../storage/open';
import type { Store } from '../storage/store';
import { passwordRoutes } from '../../management/users/passwordRoutes';
import { userRoutes } from '../../management/users/routes';
import { UserService } from '../../management/users/service';
import { auditRoutes } from '../../management/audit/routes';
import { mfaRoutes } from '../../management/mfa/routes';
import { headlessRoutes } from '../../management/headless/routes';
import { accessRequestRoutes } from '../../management/accessrequests/routes';
import { LockService } from '../../management/locks/service';
import { lockRoutes } from '../../management/locks/routes';
import { clusterRoutes } from '../clusters/routes';
import { registerTrust, type TrustOptions } from '../../management/trust/module';
import { telemetryRoutes } from '../../management/telemetry/routes';
import { integrationRoutes } from '../../management/integrations/routes';
import { IntegrationService } from '../../management/integrations/service';
import { registerAssist } from '../../management/assist/module';
import { consoleRoutes } from '../web/console';
import { registerSecurityHeaders } from '../web/headers';
import { createContext, type Gateway } from './context';
import { firstStart } from './firstStart';
import { acceptEmptyJsonBodies } from './jsonBody';
import { GatewayPeers } from '../peers/peers';
import { peerRoutes } from '../peers/routes';
import { PeerSessions } from '../../resources/livesessions/peerSessions';
import { advertisedUrl } from '../peers/advertise';

export interface GatewayServer {
  app: FastifyInstance;
  gw: Gateway;
  store: Store;
  users: UserService;
  roles: RoleService;
  /** The admin invite created at first start, if this start was the first. */
  adminInvite: string | undefined;
  /** Every route registered, with its options (the router walk tests read their guards). */
  routes: RouteOptions[];
  /** Listens and answers the URL people open. */
  listen(host: string, port: number): Promise<string>;
  close(): Promise<void>;
}

/** Assembles the gateway: opens storage, runs first-start setup, and lets every domain register its routes. */
export async function createGateway(config: GatewayConfig, opts: { now?: () => number; resources?: ResourcesOptions; trust?: TrustOptions } = {}): Promise<GatewayServer> {
  refuseUnenforced(config);
  const https = config.tls ? { key: readFileSync(config.tls.key), cert: readFileSync(config.tls.cert) } : null;
  const base = { logger: { level: config.logLevel }, logController: new LogController({ disableRequestLogging: true }), frameworkErrors, clientErrorHandler };
  const app = (https ? Fastify({ ...base, https }) : Fastify(base)) as unknown as FastifyInstance;
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  const store = await openStorage({ dataDir: config.dataDir, db: config.db, onIdleError: (err) => app.log.warn({ err }, 'idle database connection lost') });
  let url = publicUrl(config);
  const gw = createContext(app, config, store, () => url, opts.now);
  const users = new UserService(store, gw.now);
  const roles = new RoleService(store, gw.now);
  const connectors = new ConnectorService(store, gw.now);
  const providers = () => connectors.providers();
  const adminInvite = await firstStart(store, roles, users);

  registerErrorHandler(app);
  acceptEmptyJsonBodies(app);
  registerSecurityHeaders(app, !!config.tls);
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket);
  app.websocketServer.on('wsClientError', refuseHandshake);
  app.addHook('onClose', () => store.close());
  await gw.bus.start();
  app.addHook('onClose', () => gw.bus.close());
  // Locks apply from the first request: loaded before listening, polled until the app closes.
  await gw.locks.start();
  app.addHook('preClose', () => gw.locks.stop());
  pingRoutes(gw, providers);
  issuerRoutes(gw);
  webSessionRoutes(gw);
  userRoutes(gw, users);
  passwordRoutes(gw, users);
  mfaRoutes(gw);
  roleRoutes(gw, roles);
  connectorRoutes(gw, connectors);
  oidcRoutes(gw, connectors);
  githubRoutes(gw, connectors);
  samlRoutes(gw, connectors, app);
  auditRoutes(gw);
  headlessRoutes(gw);
  lockRoutes(gw, new LockService(store, gw.locks, gw.now, gw.bus));
  const resources = registerResources(gw, app, opts.resources);
  // Only PostgreSQL can be shared: on SQLite this gateway is the only one.
  const peers =
    store.engine === 'postgres'
      ? new GatewayPeers(store, gw.bus, resources.agents, { heartbeatMs: config.peers.heartbeat, now: gw.now, warn: (m) => app.log.warn(m) })
      : undefined;
  if (peers) {
    resources.agents.usePeers(peers);
    resources.core.peers = new PeerSessions(store, gw.bus, peers, resources.core, (m) => app.log.warn(m), config.peers.heartbeat);
    app.addHook('preClose', () => peers.stop());
  }
  peerRoutes(gw, peers);
  accessRequestRoutes(gw, resources.nodes);
  registerTrust(gw, app, () => resources.nodes.count(gw.now(), []), opts.trust);
  telemetryRoutes(gw);
  integrationRoutes(gw, new IntegrationService(store, gw.now));
  registerAssist(gw, resources.nodes);
  clusterRoutes(gw, { nodes: () => resources.nodes.count(gw.now(), []) });
  await consoleRoutes(app, gw, providers);

  return {
    app,
    gw,
    store,
    users,
    roles,
    adminInvite,
    routes,
    async listen(host, port) {
      await app.listen({ host, port });
      const address = app.server.address();
      const boundPort = typeof address === 'object' && address ? address.port : port;
      url = publicUrl(config, boundPort);
      await peers?.start(advertisedUrl(config, boundPort));
      return url;
    },
    close: () => app.close(),
  };
}
