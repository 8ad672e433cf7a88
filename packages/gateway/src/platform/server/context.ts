import type { FastifyInstance, HTTPMethods } from 'fastify';
import { defineRoute, defineSocketRoute, type Guards, type RouteSpec, type SocketRouteSpec } from '../access/route';
import { Sites } from '../clusters/sites';
import { lazyJwtKeys, type JwtKeys } from '../issuer/keys';
import { PasswordHasher } from '../passwords/password';
import type { GatewayConfig } from '../config/config';
import { WebSessionService } from '../../management/websessions/service';
import { MfaService } from '../../management/mfa/service';
import { RelyingParty } from '../../management/mfa/webauthn';
import { LockSnapshot } from '../../management/locks/snapshot';
import { markLocked } from '../../management/locks/subject';
import { RemoteCallers } from '../../management/trust/remoteCallers';
import type { Store } from '../storage/store';
import { ClusterBus } from '../peers/bus';

/** What every domain's routes receive: the config, storage, shared services and the guarded route helpers. */
export interface Gateway {
  config: GatewayConfig;
  store: Store;
  hasher: PasswordHasher;
  webSessions: WebSessionService;
  /** Second factors: devices, challenges and checking answers (the SecondFactor every MFA check goes through). */
  mfa: MfaService;
  /** The locks in force, kept in memory (started and stopped with the app). */
  locks: LockSnapshot;
  /** News other gateways on the same database must hear of at once (PostgreSQL's NOTIFY). */
  bus: ClusterBus;
  now: () => number;
  /** The URL people open, e.g. for invite links. Known once the server listens. */
  publicUrl: () => string;
  /** The clusters `:clusterId` paths can name. */
  sites: Sites;
  /** The gateway's signing keys as an OpenID issuer (apps' identity header, AWS web identity tokens). */
  issuerKeys: () => Promise<JwtKeys>;
  /** On a leaf: root users' connections through a trusted root's tunnel, and who each is here. */
  remoteCallers: RemoteCallers;
  route<B = undefined, Q = undefined, P = undefined>(method: HTTPMethods, url: string, spec: RouteSpec<B, Q, P>): void;
  socket<Q = undefined, P = undefined>(url: string, spec: SocketRouteSpec<Q, P>): void;
}

export function createContext(app: FastifyInstance, config: GatewayConfig, store: Store, publicUrl: () => string, now = Date.now): Gateway {
  const hasher = new PasswordHasher(config.auth.passwordHashing);
  const bus = new ClusterBus(store, config.db);
  const locks = new LockSnapshot(store, now);
  // A lock made through another gateway applies here as soon as its transaction commits.
  bus.on('locks', () => void locks.reload().catch((err: Error) => process.emitWarning(`could not reload the locks: ${err.message}`)));
  const mfa = new MfaService(store, config, new RelyingParty(config.auth.webauthn, publicUrl, 'Portcullis'), now, locks);
  const webSessions = new WebSessionService(store, config, hasher, now, locks);
  const sites = new Sites(config.clusterName);
  const remoteCallers = new RemoteCallers(store, config.clusterName, now);
  // A locked identity is still resolved (public routes ignore it), and refused by authorize everywhere else. A
  // connection through a trusted root's tunnel is that root's user, and only it: it carries no web session here.
  const guards: Guards = {
    authenticate: async (req, opts) => markLocked((await remoteCallers.identify(req.raw.socket)) ?? (await webSessions.authenticate(req, opts)), locks),
    resolveSite: (id) => sites.resolve(id),
  };
  return {
    config,
    store,
    hasher,
    webSessions,
    mfa,
    locks,
    bus,
    now,
    publicUrl,
    sites,
    remoteCallers,
    issuerKeys: lazyJwtKeys(store, now),
    route: (method, url, spec) => defineRoute(app, guards, method, url, spec),
    socket: (url, spec) => defineSocketRoute(app, guards, url, spec),
  };
}
