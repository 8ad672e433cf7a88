import type { FastifyInstance, HTTPMethods } from 'fastify';
import { defineRoute, defineSocketRoute, type Guards, type RouteSpec, type SocketRouteSpec } from '../access/route';
import { Sites } from '../clusters/sites';
import { PasswordHasher } from '../passwords/password';
import type { GatewayConfig } from '../config/config';
import { WebSessionService } from '../../management/websessions/service';
import { MfaService } from '../../management/mfa/service';
import { RelyingParty } from '../../management/mfa/webauthn';
import type { Store } from '../storage/store';

/** What every domain's routes receive: the config, storage, shared services and the guarded route helpers. */
export interface Gateway {
  config: GatewayConfig;
  store: Store;
  hasher: PasswordHasher;
  webSessions: WebSessionService;
  /** Second factors: devices, challenges and checking answers (the SecondFactor every MFA check goes through). */
  mfa: MfaService;
  now: () => number;
  /** The URL people open, e.g. for invite links. Known once the server listens. */
  publicUrl: () => string;
  /** The clusters `:clusterId` paths can name. */
  sites: Sites;
  route<B = undefined, Q = undefined, P = undefined>(method: HTTPMethods, url: string, spec: RouteSpec<B, Q, P>): void;
  socket<Q = undefined, P = undefined>(url: string, spec: SocketRouteSpec<Q, P>): void;
}

export function createContext(app: FastifyInstance, config: GatewayConfig, store: Store, publicUrl: () => string, now = Date.now): Gateway {
  const hasher = new PasswordHasher(config.auth.passwordHashing);
  const mfa = new MfaService(store, config, new RelyingParty(config.auth.webauthn, publicUrl, 'Portcullis'), now);
  const webSessions = new WebSessionService(store, config, hasher, now);
  const sites = new Sites(config.clusterName);
  const guards: Guards = { authenticate: (req, opts) => webSessions.authenticate(req, opts), resolveSite: (id) => sites.resolve(id) };
  return {
    config,
    store,
    hasher,
    webSessions,
    mfa,
    now,
    publicUrl,
    sites,
    route: (method, url, spec) => defineRoute(app, guards, method, url, spec),
    socket: (url, spec) => defineSocketRoute(app, guards, url, spec),
  };
}
