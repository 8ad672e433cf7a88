import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { WebSocket } from 'ws';
import type { ZodType } from 'zod';
import { type AccessRule, authorize } from './authorize';
import { checkCsrf } from './csrf';
import { badRequest } from './errors';
import { describeIssues } from './issues';
import type { Identity } from './identity';
import type { Site } from '../clusters/sites';

/**
 * Finds the caller's identity from the request's session cookie and bearer token (or access_token);
 * `activity` says whether the call counts as the user being active (for the inactivity timeout).
 */
export type Authenticator = (req: FastifyRequest, opts: { activity: boolean }) => Promise<Identity | undefined>;

/** Turns a path's `:clusterId` into its cluster, or throws the 404 every route gives for an unknown one. */
export type SiteResolver = (clusterId: string) => Site;

/** What the gateway needs to guard routes: who is calling, and which cluster a path names. */
export interface Guards {
  authenticate: Authenticator;
  resolveSite: SiteResolver;
}

export interface RouteContext<B, Q, P> {
  identity: Identity | undefined;
  /** The cluster the path's `:clusterId` names, resolved before the handler runs. */
  site: P extends { clusterId: string } ? Site : undefined;
  body: B;
  query: Q;
  params: P;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** What the router walk test reads back from every route. */
export interface RouteGuard {
  access: AccessRule;
  validates: { body: boolean; query: boolean; params: boolean };
  csrf: boolean;
}

interface Schemas<B, Q, P> {
  /** Required for POST, PUT and PATCH; `null` states that the route reads no body. */
  body?: ZodType<B> | null;
  query?: ZodType<Q>;
  /** Required when the path has parameters. */
  params?: ZodType<P>;
}

export interface RouteSpec<B, Q, P> extends Schemas<B, Q, P> {
  access: AccessRule;
  /** False for calls the console makes on its own (status polling), which must not keep an idle session alive. */
  activity?: boolean;
  /**
   * For a state-changing route another site's page posts to (an identity provider's auto-submitted form), which
   * cannot carry our CSRF token: says what protects the route instead. The route then skips the CSRF check.
   */
  crossSitePost?: string;
  handler: (ctx: RouteContext<B, Q, P>) => unknown;
}

export interface SocketRouteSpec<Q, P> extends Omit<Schemas<never, Q, P>, 'body'> {
  access: AccessRule;
  handler: (socket: WebSocket, ctx: Omit<RouteContext<undefined, Q, P>, 'reply'>) => void | Promise<void>;
}

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Resolves the cluster of a path that names one; every route with a `:clusterId` goes through here. */
function siteOf<P>(resolveSite: SiteResolver, params: P): RouteContext<unknown, unknown, P>['site'] {
  const clusterId = (params as { clusterId?: unknown } | undefined)?.clusterId;
  return (typeof clusterId === 'string' ? resolveSite(clusterId) : undefined) as RouteContext<unknown, unknown, P>['site'];
}

/**
 * Where in a validated value a string holds a NUL, if anywhere. PostgreSQL stores no text with one (SQLite does),
 * so refusing it here keeps both engines answering the same 400. Walked with a stack of its own: a body may
 * nest deeper than the call stack.
 */
function nulAt(value: unknown): string | undefined {
  interface Node {
    value: unknown;
    key?: string;
    parent?: Node;
  }
  const pending: Node[] = [{ value }];
  while (pending.length) {
    const node = pending.pop()!;
    const v = node.value;
    if (typeof v === 'string' && v.includes('\0')) {
      const path: string[] = [];
      for (let n: Node | undefined = node; n?.key !== undefined; n = n.parent) path.unshift(n.key);
      return path.join('.');
    }
    const plain = v !== null && typeof v === 'object' && (Array.isArray(v) || [Object.prototype, null].includes(Object.getPrototypeOf(v)));
    if (plain) for (const [key, child] of Object.entries(v)) pending.push({ value: child, key, parent: node });
  }
  return undefined;
}

function validate<T>(where: string, schema: ZodType<T> | null | undefined, value: unknown): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (!result.success) throw badRequest(describeIssues(where, result.error));
  const nul = nulAt(result.data);
  if (nul !== undefined) throw badRequest(`${[where, nul].filter(Boolean).join('.')}: must not contain a NUL character`);
  return result.data;
}

function checkDeclaration(method: string, url: string, schemas: Schemas<unknown, unknown, unknown>): void {
  if (url.includes(':') && !schemas.params) throw new Error(`${method} ${url}: a route with path parameters must declare a params schema`);
  if (['POST', 'PUT', 'PATCH'].includes(method) && schemas.body === undefined) {
    throw new Error(`${method} ${url}: declare a body schema, or body: null when the route reads none`);
  }
}

/**
 * Registers an API route. Before the handler runs, in this order: CSRF for state-changing methods, the
 * caller's identity, authorisation through `authorize` (so a refused caller learns nothing about the input
 * rules), and validation of params, query and body.
 */
export function defineRoute<B = undefined, Q = undefined, P = undefined>(
  app: FastifyInstance,
  { authenticate, resolveSite }: Guards,
  method: HTTPMethods,
  url: string,
  spec: RouteSpec<B, Q, P>,
): void {
  checkDeclaration(method, url, spec);
  const guard: RouteGuard = {
    access: spec.access,
    validates: { body: spec.body !== undefined, query: !!spec.query, params: !!spec.params },
    csrf: stateChanging.has(method) && spec.crossSitePost === undefined,
  };
  app.route({
    method,
    url,
    config: { guard },
    handler: async (req, reply) => {
      if (guard.csrf) checkCsrf(req);
      const identity = await authenticate(req, { activity: spec.activity !== false });
      authorize(identity, spec.access);
      const params = validate('params', spec.params, req.params);
      const query = validate('query', spec.query, req.query);
      const site = siteOf(resolveSite, params);
      const body = validate('body', spec.body, req.body);
      return spec.handler({ identity, site, body, query, params, req, reply });
    },
  });
}

/** Registers a websocket route with the same steps; browsers cannot send headers, so the bearer travels as access_token. */
export function defineSocketRoute<Q = undefined, P = undefined>(
  app: FastifyInstance,
  { authenticate, resolveSite }: Guards,
  url: string,
  spec: SocketRouteSpec<Q, P>,
): void {
  checkDeclaration('GET', url, spec);
  const guard: RouteGuard = { access: spec.access, validates: { body: false, query: !!spec.query, params: !!spec.params }, csrf: false };
  app.route({
    method: 'GET',
    url,
    config: { guard },
    // Checks run before the upgrade, so a refused caller gets a plain HTTP error.
    preValidation: async (req) => {
      const identity = await authenticate(req, { activity: true });
      authorize(identity, spec.access);
      siteOf(resolveSite, validate('params', spec.params, req.params));
      validate('query', spec.query, req.query);
      (req as FastifyRequest & { identity?: Identity }).identity = identity;
    },
    handler: (_req, reply) => reply.code(426).send({ error: { message: 'this endpoint expects a websocket upgrade' } }),
    wsHandler: (socket, req) => {
      const params = validate('params', spec.params, req.params);
      const query = validate('query', spec.query, req.query);
      const identity = (req as FastifyRequest & { identity?: Identity }).identity;
      return spec.handler(socket, { identity, site: siteOf(resolveSite, params), body: undefined, query, params, req });
    },
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: RouteGuard;
  }
}
