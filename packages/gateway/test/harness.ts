/**
 * Integration-test harness: starts a real gateway (SQLite in a temporary directory, or a fresh PostgreSQL
 * database dropped afterwards) on a free port, creates users with roles, signs them in and hands back
 * clients carrying the bearer token, the session cookie and the CSRF pair, as the console would.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BearerTokenJson } from '@portcullis/shared';
import pg from 'pg';
import { parseConfig, type ConfigInput } from '../src/platform/config/config';
import { createGateway, type GatewayServer } from '../src/platform/server/app';
import type { ResourcesOptions } from '../src/resources/register';
import type { TrustOptions } from '../src/management/trust/module';
import type { Engine } from '../src/platform/storage/engine';
import { openStorage } from '../src/platform/storage/open';
import type { Store } from '../src/platform/storage/store';
import type { Traits } from '../src/platform/storage/repos/users';

export const engines: Engine[] = ['sqlite', 'postgres'];

/** The PostgreSQL server of the test machine; each run gets its own database on it. */
export const postgresAdminUrl = process.env.PORTCULLIS_TEST_PG ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A cheap argon2 cost, stated explicitly: the default (19 MiB, 2 passes) would make every test login slow. */
export const testPasswordHashing = { memoryKiB: 64, iterations: 1, parallelism: 1 };

export const defaultPassword = 'correct horse battery staple';

export const encode = (password: string) => Buffer.from(password, 'utf8').toString('base64');

export interface Response<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON answers field by field
type Json = any;

export interface Client {
  /** The login answer: {type, token, expires_in, sessionExpires, sessionInactiveTimeout}. Absent when signed out. */
  session?: BearerTokenJson;
  csrf: string;
  /** The session cookie's value, when signed in. */
  sessionSecret?: string;
  request<T = Json>(method: string, path: string, body?: unknown, opts?: { csrf?: boolean; headers?: Record<string, string>; rawBody?: string }): Promise<Response<T>>;
  get<T = Json>(path: string): Promise<Response<T>>;
  post<T = Json>(path: string, body?: unknown): Promise<Response<T>>;
  put<T = Json>(path: string, body?: unknown): Promise<Response<T>>;
  del<T = Json>(path: string, body?: unknown): Promise<Response<T>>;
  /** The Cookie header this client sends (for websockets). */
  cookieHeader(): string;
}

export interface UserSpec {
  name?: string;
  roles: string[];
  traits?: Partial<Traits>;
  password?: string;
}

export interface TestGateway {
  engine: Engine;
  url: string;
  server: GatewayServer;
  /** A client that holds a CSRF pair but no session. */
  anonymous(): Client;
  /** Creates a user with a password (no invite needed); names default to a unique one. */
  createUser(spec: UserSpec): Promise<{ name: string; password: string }>;
  /** Stops the gateway and starts it again on the same storage and port (sessions survive, as in a real restart). */
  restart(): Promise<void>;
  /** Creates a role from YAML, as an administrator would. */
  createRole(yaml: string): Promise<void>;
  login(name: string, password?: string): Promise<Client>;
  /** createUser then login. */
  signIn(spec: UserSpec): Promise<Client & { name: string }>;
  close(): Promise<void>;
}

let counter = 0;
const uniqueName = (prefix: string) => `${prefix}${process.pid}-${Date.now().toString(36)}-${++counter}`;

function makeClient(url: string, state: { csrf: string; secret?: string; session?: BearerTokenJson }): Client {
  const cookieHeader = () => [`grv_csrf=${state.csrf}`, ...(state.secret ? [`grv_session=${state.secret}`] : [])].join('; ');
  const request: Client['request'] = async (method, p, body, opts = {}) => {
    const headers: Record<string, string> = { cookie: cookieHeader(), ...opts.headers };
    if (opts.csrf !== false) headers['x-csrf-token'] = state.csrf;
    if (state.session) headers.authorization = `Bearer ${state.session.token}`;
    let payload: string | undefined = opts.rawBody;
    if (body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(`${url}${p}`, { method, headers, body: payload, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const m = /^grv_session=([^;]*)/.exec(c);
      if (m) state.secret = m[1] || undefined;
    }
    const text = await res.text();
    let parsed: unknown = text;
    if (res.headers.get('content-type')?.includes('application/json') && text) parsed = JSON.parse(text);
    return { status: res.status, body: parsed as never, headers: res.headers };
  };
  return {
    get csrf() {
      return state.csrf;
    },
    get session() {
      return state.session;
    },
    set session(s) {
      state.session = s;
    },
    get sessionSecret() {
      return state.secret;
    },
    request,
    get: (p) => request('GET', p),
    post: (p, b) => request('POST', p, b ?? {}),
    put: (p, b) => request('PUT', p, b ?? {}),
    del: (p, b) => request('DELETE', p, b),
    cookieHeader,
  } as Client;
}

/** A client of the gateway at `url` that holds a CSRF pair but no session. */
export function anonymousAt(url: string): Client {
  return makeClient(url, { csrf: randomBytes(32).toString('hex') });
}

/** The same signed-in browser talking to another address (another gateway of the same database). */
export function sameSessionAt(client: Client, url: string): Client {
  return makeClient(url, { csrf: client.csrf, ...(client.sessionSecret && { secret: client.sessionSecret }), ...(client.session && { session: client.session }) });
}

/** Signs a user in at the gateway at `url`, as the console does. */
export async function loginAt(url: string, name: string, password = defaultPassword): Promise<Client> {
  const client = anonymousAt(url);
  const res = await client.post<BearerTokenJson>('/v1/webapi/sessions/web', { user: name, pass: encode(password) });
  if (res.status !== 200) throw new Error(`login of ${name} failed: ${res.status} ${JSON.stringify(res.body)}`);
  client.session = res.body;
  return client;
}

/** A fresh, empty PostgreSQL database for one test run; `drop` removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `portcullis_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: postgresAdminUrl });
      await c.connect();
      // The pool's sockets close just after it reports ending; wait for them rather than cut them off.
      for (let i = 0; i < 40; i++) {
        const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A free port below the kernel's ephemeral range (32768 and up here). A gateway restarted on its port binds its
 * Kubernetes and database listeners (port 0) before that port again, and one of them, or any outgoing connection,
 * could be handed the port just freed if it were an ephemeral one.
 */
export async function portOutsideEphemeralRange(): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const probe = net.createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      await new Promise<void>((resolve) => probe.close(() => resolve()));
      return port;
    }
    if (attempt === 50) throw new Error('no free port between 20000 and 32000');
  }
}

export async function startGateway(opts: { engine?: Engine; config?: Partial<ConfigInput>; now?: () => number; resources?: ResourcesOptions; trust?: TrustOptions } = {}): Promise<TestGateway> {
  const engine = opts.engine ?? 'sqlite';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portcullis-test-'));
  const pgdb = engine === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = parseConfig({
    listen: '127.0.0.1:0',
    kubernetes: { listen: '127.0.0.1:0' },
    databases: { listen: '127.0.0.1:0' },
    dataDir,
    logLevel: 'silent',
    ...opts.config,
    ...(pgdb && { db: pgdb.url }),
    auth: { passwordHashing: testPasswordHashing, ...opts.config?.auth },
  });
  const start = () => createGateway(config, { ...(opts.now && { now: opts.now }), ...(opts.resources && { resources: opts.resources }), ...(opts.trust && { trust: opts.trust }) });
  let server = await start();
  const port = await portOutsideEphemeralRange();
  await server.listen('127.0.0.1', port);
  const url = `http://127.0.0.1:${port}`;

  const createUser: TestGateway['createUser'] = async (spec) => {
    const name = spec.name ?? uniqueName('user');
    const password = spec.password ?? defaultPassword;
    await server.users.create('test-harness', { name, roles: spec.roles, ...(spec.traits && { traits: spec.traits }) });
    await server.store.users.update(name, { passwordHash: await server.gw.hasher.hash(password) });
    return { name, password };
  };
  const anonymous = () => anonymousAt(url);
  const login: TestGateway['login'] = (name, password = defaultPassword) => loginAt(url, name, password);
  return {
    engine,
    url,
    get server() {
      return server;
    },
    async restart() {
      await server.close();
      server = await start();
      await server.listen('127.0.0.1', port);
    },
    anonymous,
    createUser,
    async createRole(yaml) {
      await server.roles.create('test-harness', yaml);
    },
    login,
    async signIn(spec) {
      const { name, password } = await createUser(spec);
      return Object.assign(await login(name, password), { name });
    },
    async close() {
      await server.close();
      await pgdb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Storage alone on a fresh SQLite directory or PostgreSQL database, for the conformance suite. */
export async function openTestStorage(engine: Engine): Promise<{ store: Store; options: { dataDir: string; db?: string }; dispose: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portcullis-store-'));
  const pgdb = engine === 'postgres' ? await createPostgresDatabase() : undefined;
  const options = { dataDir, ...(pgdb && { db: pgdb.url }) };
  const store = await openStorage(options);
  return {
    store,
    options,
    dispose: async () => {
      await store.close();
      await pgdb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
