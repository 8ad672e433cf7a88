import type { FastifyInstance, HTTPMethods } from 'fastify';
import { defineRoute, defineSocketRoute, type Authenticator, type RouteSpec, type SocketRouteSpec } from '../access/route';
import { PasswordHasher } from '../passwords/password';
import type { GatewayConfig } from '../config/config';
import { SessionService } from '../../management/websessions/service';
import type { Store } from '../storage/store';

/** What every domain's routes receive: the config, storage, shared services and the guarded route helpers. */
export interface Gateway {
  config: GatewayConfig;
  store: Store;
  hasher: PasswordHasher;
  sessions: SessionService;
  now: () => number;
  /** The URL people open, e.g. for invite links. Known once the server listens. */
  publicUrl: () => string;
  /** How many nodes the cluster has; the nodes domain replaces it with its own count. */
  countNodes: () => Promise<number>;
  route<B = undefined, Q = undefined, P = undefined>(method: HTTPMethods, url: string, spec: RouteSpec<B, Q, P>): void;
  socket<Q = undefined, P = undefined>(url: string, spec: SocketRouteSpec<Q, P>): void;
}

export function createContext(app: FastifyInstance, config: GatewayConfig, store: Store, publicUrl: () => string, now = Date.now): Gateway {
  const hasher = new PasswordHasher(config.auth.passwordHashing);
  const sessions = new SessionService(store, config, hasher, now);
  const authenticate: Authenticator = (req, opts) => sessions.authenticate(req, opts);
  return {
    config,
    store,
    hasher,
    sessions,
    now,
    publicUrl,
    countNodes: async () => 0,
    route: (method, url, spec) => defineRoute(app, authenticate, method, url, spec),
    socket: (url, spec) => defineSocketRoute(app, authenticate, url, spec),
  };
}
