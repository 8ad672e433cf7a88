/**
 * `portcullis connect`'s daemon in-process, against a real gateway with a node agent and a database agent on the
 * machine's PostgreSQL, in a PORTCULLIS_HOME of its own: the guard, sign-in, the forward (HTTP and websockets),
 * local database ports with real psql, the client terminal, and what a restart brings back.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  apiPaths,
  compilePath,
  daemonPaths,
  terminalSocketPath,
  type DaemonClientExit,
  type DaemonConnectionJson,
  type DaemonLoginErrorJson,
  type DaemonProfileJson,
  type DaemonWorkspaceJson,
  type NodeJson,
} from '@portcullis/shared';
import WebSocket from 'ws';
import { gatewayApi } from '../../src/cli/client/http';
import type { Profile } from '../../src/cli/client/profile';
import { startDaemon, type Daemon } from '../../src/cli/connect/daemon';
import { buildProgram } from '../../src/cli/program';
import { startGateway, type Client, type TestGateway } from '../harness';
import { dbDevRole, realDatabases, startDatabaseAgent } from '../databases/fixtures';
import { codeFor, invited } from '../mfa/enroll';
import { createJoinToken, eventually, operatorRole, startAgent, TerminalClient } from '../servers/fixtures';

jest.setTimeout(120_000);

const run = promisify(execFile);
const before = process.env.PORTCULLIS_HOME;
const home = mkdtempSync(path.join(tmpdir(), 'portcullis-connect-'));
const uiDir = mkdtempSync(path.join(tmpdir(), 'portcullis-connect-ui-'));
const indexPage = '<!doctype html><title>workspace fixture</title>';

let gw: TestGateway;
let user: { name: string; password: string };
let stopAgents: () => Promise<void>;
let nodeId: string;
let daemon: Daemon;
/** The Cookie header the launch link gave this test's browser. */
let cookie: string;

interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** A call to the daemon as the workspace app makes it (with its cookie unless `headers` says otherwise). */
async function call<T = unknown>(method: string, p: string, body?: unknown, headers: Record<string, string> = { cookie }): Promise<Answer<T>> {
  const res = await fetch(daemon.url + p, {
    method,
    headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
    redirect: 'manual',
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T };
}

/** A GET with a Host header of the test's choosing (fetch always sends the URL's own). */
function getWithHost(p: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(daemon.url + p, { headers: { host, cookie } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens the launch link as a browser would; answers the cookie it set. */
async function launch(): Promise<string> {
  const res = await fetch(daemon.launchUrl, { redirect: 'manual' });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/');
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

const gatewayPath = (profile: string, p: string) => compilePath(daemonPaths.profileGateway, { profile }) + p;

async function psql(port: number, sql: string) {
  return run('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'test', '-At', '-c', sql], { env: { ...process.env, PGCONNECT_TIMEOUT: '20' } });
}

beforeAll(async () => {
  process.env.PORTCULLIS_HOME = home;
  writeFileSync(path.join(uiDir, 'index.html'), indexPage);
  gw = await startGateway();
  await gw.createRole(operatorRole);
  await gw.createRole(dbDevRole);
  const admin = await gw.signIn({ roles: ['servers-operator'] });
  const node = await startAgent(gw.url, await createJoinToken(admin), { hostname: 'connect-node' });
  const databases = await startDatabaseAgent(gw.url, await createJoinToken(admin), realDatabases.filter((d) => d.name === 'pg'));
  nodeId = node.nodeId;
  stopAgents = async () => {
    await node.agent.stop();
    await databases.agent.stop();
  };
  user = await gw.createUser({ roles: ['servers-operator', 'db-dev'] });
  daemon = await startDaemon({ port: 0, uiDir });
});

afterAll(async () => {
  await daemon?.close();
  await stopAgents?.();
  await gw?.close();
  process.env.PORTCULLIS_HOME = before;
  rmSync(home, { recursive: true, force: true });
  rmSync(uiDir, { recursive: true, force: true });
});

describe('portcullis connect', () => {
  const connect = (args: string[]) => buildProgram(() => undefined).exitOverride().parseAsync(['connect', '--no-open', ...args], { from: 'user' });

  it('listens on loopback only', async () => {
    await expect(connect(['--listen', '0.0.0.0:0', '--ui-dir', uiDir])).rejects.toThrow('--listen 0.0.0.0:0: give 127.0.0.1:PORT (0 for a free port); the daemon listens on loopback only');
  });

  it('refuses to start without the built app, saying how to build it', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'portcullis-connect-empty-'));
    try {
      await expect(connect(['--ui-dir', empty])).rejects.toThrow(`the workspace app is not built (no index.html in ${empty}): build it with make build, or name its directory with --ui-dir`);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('the guard', () => {
  it('answers 401 without the launch cookie: JSON for the API and the forward, a page saying what to open for the app', async () => {
    const message = 'open the link portcullis connect printed (it signs this browser in to the daemon)';
    expect(await call('GET', daemonPaths.profiles, undefined, {})).toMatchObject({ status: 401, body: { error: { message } } });
    expect(await call('GET', gatewayPath('any', apiPaths.ping), undefined, {})).toMatchObject({ status: 401, body: { error: { message } } });
    const page = await call<string>('GET', '/', undefined, {});
    expect(page.status).toBe(401);
    expect(page.body).toContain('Open the link <code>portcullis connect</code> printed in your terminal');
  });

  it('sets an HttpOnly, SameSite=Strict cookie from this run’s launch link only, then serves the app', async () => {
    const wrong = await fetch(`${daemon.url}${daemonPaths.launch}?t=${'0'.repeat(64)}`, { redirect: 'manual' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const res = await fetch(daemon.launchUrl, { redirect: 'manual' });
    const port = new URL(daemon.url).port;
    expect(res.headers.getSetCookie()).toEqual([expect.stringMatching(new RegExp(`^portcullis_connect_${port}=[0-9a-f]{64}; Path=/; HttpOnly; SameSite=Strict$`))]);
    cookie = await launch();
    expect(daemon.launchUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/launch\\?t=[0-9a-f]{64}$`));
    expect(await call('GET', '/')).toMatchObject({ status: 200, body: indexPage });
    // The app's router decides deep links; the API's unknown paths stay 404s.
    expect(await call('GET', '/workspace/documents/x')).toMatchObject({ status: 200, body: indexPage });
    expect(await call('GET', '/v1/daemon/nothing')).toMatchObject({ status: 404, body: { error: { message: 'no such endpoint: /v1/daemon/nothing' } } });
  });

  it('refuses a Host that is not its own (DNS rebinding) and a state change from another origin', async () => {
    const port = new URL(daemon.url).port;
    expect(await getWithHost(daemonPaths.profiles, `localhost:${port}`)).toMatchObject({ status: 200 });
    const rebound = await getWithHost(daemonPaths.profiles, `attacker.example:${port}`);
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toEqual({ error: { message: `this daemon answers only at 127.0.0.1:${port} or localhost:${port}` } });
    const foreign = await call('PUT', daemonPaths.workspace, { documents: [] }, { cookie, origin: 'https://attacker.example' });
    expect(foreign).toMatchObject({ status: 403, body: { error: { message: 'refused a request from https://attacker.example: only the workspace app may call this daemon' } } });
    expect(await call('PUT', daemonPaths.workspace, { documents: [] }, { cookie, origin: daemon.url })).toMatchObject({ status: 200 });
  });
});

describe('with a profile', () => {
  let profile: DaemonProfileJson;
  let connection: DaemonConnectionJson;
  const workspace: DaemonWorkspaceJson = {
    documents: [
      { id: 'd1', kind: 'terminal', profile: '', clusterId: 'localhost', serverId: '', login: 'root', title: 'root@connect-node' },
      { id: 'd2', kind: 'database', profile: '', connectionId: '', title: 'pg' },
    ],
    activeDocumentId: 'd2',
    theme: 'dark',
  };

  it('refuses a wrong password with the gateway’s message, and an address that is no gateway', async () => {
    const wrong = await call<DaemonLoginErrorJson>('POST', daemonPaths.login, { proxy: gw.url, user: user.name, password: 'not the password' });
    expect(wrong).toMatchObject({ status: 403, body: { error: { message: 'invalid credentials' } } });
    expect(wrong.body.needsOtp).toBeUndefined();
    const bad = await call('POST', daemonPaths.login, { proxy: 'not a url', user: user.name, password: 'x' });
    expect(bad).toMatchObject({ status: 400, body: { error: { message: expect.stringMatching(/^body\.proxy: /) } } });
    expect(await call('GET', daemonPaths.profiles)).toMatchObject({ status: 200, body: [] });
  });

  it('signs in: the profile is listed, kept in a file only its owner reads', async () => {
    const res = await call<DaemonProfileJson>('POST', daemonPaths.login, { proxy: gw.url, user: user.name, password: user.password });
    const id = `127.0.0.1-${new URL(gw.url).port}`;
    expect(res.status).toBe(200);
    profile = res.body;
    expect(profile).toEqual({ id, proxy: gw.url, clusterName: 'localhost', user: user.name, expires: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), loggedIn: true });
    expect(Date.parse(profile.expires)).toBeGreaterThan(Date.now());
    expect(await call('GET', daemonPaths.profiles)).toMatchObject({ status: 200, body: [profile] });
    const file = path.join(home, 'connect', 'profiles', `${id}.json`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(home, 'connect')).mode & 0o777).toBe(0o700);
    workspace.documents = workspace.documents.map((d) => ({ ...d, profile: id, ...(d.kind === 'terminal' && { serverId: nodeId }) }));
  });

  it('forwards the gateway’s API with the profile’s session and roles', async () => {
    const nodes = await call<{ items: NodeJson[] }>('GET', gatewayPath(profile.id, compilePath(apiPaths.nodes, { clusterId: 'localhost' })));
    expect(nodes.status).toBe(200);
    expect(nodes.body.items.map((n) => [n.id, n.hostname])).toEqual([[nodeId, 'connect-node']]);
    // The user's roles do not reach users: the gateway says so, through the daemon.
    const users = await call<{ error: { message: string } }>('GET', gatewayPath(profile.id, apiPaths.users));
    expect(users.status).toBe(403);
    // The gateway's own session routes would hand its cookie to the browser.
    expect(await call('DELETE', gatewayPath(profile.id, apiPaths.webSession))).toMatchObject({
      status: 403,
      body: { error: { message: 'the daemon holds this session: sign in and out from the workspace app' } },
    });
    expect(await call('GET', gatewayPath('nobody-1', apiPaths.ping))).toMatchObject({ status: 404, body: { error: { message: 'no profile nobody-1: sign in to its gateway first' } } });
  });

  it('relays a terminal websocket with the profile’s token in place of the app’s placeholder', async () => {
    const socketPath = gatewayPath(profile.id, terminalSocketPath('localhost', 'daemon', { server_id: nodeId, login: 'root', term: { w: 100, h: 30 } }));
    // TerminalClient reads only the server's address and the client's cookie: here the daemon's.
    const terminal = await TerminalClient.connect({ url: daemon.url } as TestGateway, { cookieHeader: () => cookie } as Client, socketPath);
    terminal.type('echo through-the-daemon-$((40 + 2))\r');
    await terminal.waitFor(/through-the-daemon-42\r\n/);
    terminal.type('exit\r');
    await terminal.closed;
    const refused = new WebSocket(daemon.url.replace(/^http/, 'ws') + socketPath);
    const status = await new Promise<number>((resolve) => refused.once('unexpected-response', (_req, res) => resolve(res.statusCode!)));
    expect(status).toBe(401);
  });

  it('opens a local port for the database that real psql uses; disconnect closes it, connect reopens the same port', async () => {
    const res = await call<DaemonConnectionJson>('POST', daemonPaths.connections, { profile: profile.id, clusterId: 'localhost', kind: 'db', database: 'pg', dbUser: 'postgres', dbName: 'test' });
    expect(res.status).toBe(200);
    connection = res.body;
    expect(connection).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), profile: profile.id, clusterId: 'localhost', kind: 'db', database: 'pg', protocol: 'postgres', dbUser: 'postgres', dbName: 'test', port: connection.port, connected: true });
    expect(connection.port).toBeGreaterThan(0);
    expect((await psql(connection.port, 'select 41+1')).stdout).toBe('42\n');
    expect(await call('GET', daemonPaths.connections)).toMatchObject({ status: 200, body: [connection] });

    const id = { connectionId: connection.id };
    expect(await call('POST', compilePath(daemonPaths.disconnect, id))).toMatchObject({ status: 200, body: { ...connection, connected: false } });
    await expect(psql(connection.port, 'select 1')).rejects.toMatchObject({ stderr: expect.stringContaining('Connection refused') });
    expect(await call('POST', compilePath(daemonPaths.connect, id))).toMatchObject({ status: 200, body: connection });
    expect((await psql(connection.port, 'select 2')).stdout).toBe('2\n');

    // Another program took the port meanwhile: a free one instead, and the connection says why.
    expect(await call('POST', compilePath(daemonPaths.disconnect, id))).toMatchObject({ status: 200 });
    const squatter = createNetServer();
    await new Promise<void>((resolve) => squatter.listen(connection.port, '127.0.0.1', resolve));
    try {
      const moved = await call<DaemonConnectionJson>('POST', compilePath(daemonPaths.connect, id));
      const taken = connection.port;
      expect(moved).toMatchObject({ status: 200, body: { ...connection, port: moved.body.port, error: `cannot listen on 127.0.0.1:${taken}: listen EADDRINUSE: address already in use 127.0.0.1:${taken}: listening on ${moved.body.port} instead` } });
      expect(moved.body.port).not.toBe(taken);
      connection = { ...connection, port: moved.body.port };
    } finally {
      squatter.close();
    }
    expect((await psql(connection.port, 'select 3')).stdout).toBe('3\n');
    workspace.documents = workspace.documents.map((d) => (d.kind === 'database' ? { ...d, connectionId: connection.id } : d));
  });

  it('runs the database’s client on a terminal over the client websocket, and reports its exit', async () => {
    const url = daemon.url.replace(/^http/, 'ws') + compilePath(daemonPaths.connectionClient, { connectionId: connection.id }) + '?cols=100&rows=30';
    const socket = new WebSocket(url, { headers: { cookie } });
    let output = '';
    const texts: string[] = [];
    socket.on('message', (data: Buffer, isBinary: boolean) => (isBinary ? (output += data.toString()) : texts.push(data.toString())));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    await eventually(async () => output.includes('test=#'), `psql's prompt (got ${JSON.stringify(output)})`);
    socket.send(JSON.stringify({ type: 'resize', cols: 120, rows: 40 }));
    socket.send(JSON.stringify({ type: 'input', data: "select 'client-' || 6*7 as answer;\r" }));
    await eventually(async () => output.includes('client-42'), `the query's result (got ${JSON.stringify(output.slice(-300))})`);
    socket.send(JSON.stringify({ type: 'input', data: '\\q\r' }));
    await closed;
    expect(texts.map((t) => JSON.parse(t) as DaemonClientExit)).toEqual([{ type: 'exit', code: 0 }]);
  });

  it('shows the profile signed out once the gateway ended its session, and signing in again reopens its port', async () => {
    const stored = JSON.parse(readFileSync(path.join(home, 'connect', 'profiles', `${profile.id}.json`), 'utf8')) as Profile;
    await gatewayApi(stored.proxy, { csrf: stored.csrf, secret: stored.secret, token: stored.token }).api.delete(apiPaths.webSession);
    expect(await call('GET', gatewayPath(profile.id, compilePath(apiPaths.nodes, { clusterId: 'localhost' })))).toMatchObject({ status: 403 });
    await eventually(async () => (await call<DaemonProfileJson[]>('GET', daemonPaths.profiles)).body[0]?.loggedIn === false, 'the profile signed out');
    const again = await call<DaemonProfileJson>('POST', daemonPaths.login, { proxy: gw.url, user: user.name, password: user.password });
    expect(again).toMatchObject({ status: 200, body: { ...profile, expires: again.body.expires, loggedIn: true } });
    profile = again.body;
    expect((await psql(connection.port, 'select 44')).stdout).toBe('44\n');
  });

  it('keeps the workspace, refusing a document it cannot reopen with the field at fault', async () => {
    const bad = await call('PUT', daemonPaths.workspace, { documents: [{ id: 'x', kind: 'terminal', profile: profile.id, title: 't' }] });
    expect(bad).toMatchObject({ status: 400, body: { error: { message: expect.stringMatching(/^body\.documents\.0\.clusterId: /) } } });
    expect(await call('PUT', daemonPaths.workspace, workspace)).toMatchObject({ status: 200, body: workspace });
    expect(await call('GET', daemonPaths.workspace)).toMatchObject({ status: 200, body: workspace });
  });

  it('after a restart on the same home: profiles, workspace and connections are back, the port connected again', async () => {
    await daemon.close();
    await expect(psql(connection.port, 'select 1')).rejects.toMatchObject({ stderr: expect.stringContaining('Connection refused') });
    daemon = await startDaemon({ port: 0, uiDir });
    // A new run has a new launch token: the old cookie is worthless.
    expect(await call('GET', daemonPaths.profiles)).toMatchObject({ status: 401 });
    cookie = await launch();
    expect(await call('GET', daemonPaths.profiles)).toMatchObject({ status: 200, body: [profile] });
    expect(await call('GET', daemonPaths.workspace)).toMatchObject({ status: 200, body: workspace });
    expect(await call('GET', daemonPaths.connections)).toMatchObject({ status: 200, body: [connection] });
    expect((await psql(connection.port, 'select 43')).stdout).toBe('43\n');
  });

  it('signs out: the gateway ends the session, and the profile, its connections and its documents are gone', async () => {
    const file = path.join(home, 'connect', 'profiles', `${profile.id}.json`);
    const token = (JSON.parse(readFileSync(file, 'utf8')) as { token: string }).token;
    expect(await call('DELETE', compilePath(daemonPaths.profile, { profile: profile.id }))).toMatchObject({ status: 204 });
    expect(existsSync(file)).toBe(false);
    expect(await call('GET', daemonPaths.profiles)).toMatchObject({ status: 200, body: [] });
    expect(await call('GET', daemonPaths.connections)).toMatchObject({ status: 200, body: [] });
    expect(await call('GET', daemonPaths.workspace)).toMatchObject({ status: 200, body: { documents: [], theme: 'dark' } });
    await expect(psql(connection.port, 'select 1')).rejects.toMatchObject({ stderr: expect.stringContaining('Connection refused') });
    const ended = await fetch(gw.url + compilePath(apiPaths.nodes, { clusterId: 'localhost' }), { headers: { authorization: `Bearer ${token}` } });
    expect(ended.status).toBe(403);
  });

  it('hands the gateway the profile’s credentials in place of the app’s, with the method, path and body as sent', async () => {
    const seen: Array<{ method?: string; url?: string; headers: Record<string, unknown>; body: string }> = [];
    const upstream = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        res.writeHead(201, { 'content-type': 'text/plain' }).end('created');
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const proxy = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const stored: Profile = { proxy, user: 'echo', cluster: 'echo', csrf: 'c'.repeat(64), secret: 'the-secret', token: 'the-token', expires: new Date(Date.now() + 60_000).toISOString(), mfaVerified: false };
    const id = `127.0.0.1-${new URL(proxy).port}`;
    writeFileSync(path.join(home, 'connect', 'profiles', `${id}.json`), JSON.stringify(stored), { mode: 0o600 });
    try {
      await daemon.close();
      daemon = await startDaemon({ port: 0, uiDir });
      cookie = await launch();
      const res = await call('POST', gatewayPath(id, '/v1/webapi/things?access_token=daemon&x=1'), { n: 1 }, { cookie, origin: daemon.url });
      expect(res).toMatchObject({ status: 201, body: 'created' });
      expect(seen).toEqual([
        {
          method: 'POST',
          url: '/v1/webapi/things?access_token=the-token&x=1',
          headers: expect.objectContaining({
            host: `127.0.0.1:${new URL(proxy).port}`,
            cookie: `grv_csrf=${'c'.repeat(64)}; grv_session=the-secret`,
            authorization: 'Bearer the-token',
            'x-csrf-token': 'c'.repeat(64),
            'content-type': 'application/json',
          }),
          body: '{"n":1}',
        },
      ]);
      expect(seen[0]!.headers.origin).toBeUndefined();
    } finally {
      upstream.close();
    }
  });
});

describe('second factors', () => {
  const clock = { t: Date.now() };
  let mfaGateway: TestGateway;
  beforeAll(async () => {
    mfaGateway = await startGateway({ config: { auth: { secondFactor: 'on' } }, now: () => clock.t });
  });
  afterAll(() => mfaGateway.close());

  it('asks for the authenticator code once the password checked out, then signs in with it', async () => {
    const person = await invited(mfaGateway, { roles: ['access'], device: { type: 'totp' }, at: clock.t });
    const login = { proxy: mfaGateway.url, user: person.name, password: person.password };
    expect(await call('POST', daemonPaths.login, { ...login, password: 'wrong' })).toMatchObject({ status: 403, body: { error: { message: 'invalid credentials' } } });
    expect(await call('POST', daemonPaths.login, login)).toMatchObject({ status: 400, body: { error: { message: 'enter the code from your authenticator app' }, needsOtp: true } });
    clock.t += 30_000;
    const secret = (person.factor as { secret: string }).secret;
    const res = await call<DaemonProfileJson>('POST', daemonPaths.login, { ...login, otpCode: codeFor(secret, clock.t) });
    expect(res).toMatchObject({ status: 200, body: { id: `127.0.0.1-${new URL(mfaGateway.url).port}`, user: person.name, loggedIn: true } });
  });

  it('refuses a user with a security key, saying what to use instead', async () => {
    const person = await invited(mfaGateway, { roles: ['access'], device: { type: 'key' } });
    const res = await call('POST', daemonPaths.login, { proxy: mfaGateway.url, user: person.name, password: person.password });
    expect(res).toMatchObject({
      status: 400,
      body: {
        error: {
          message: `${person.name} signs in with a security key, which the command line cannot use: run portcullis login --headless --proxy ${mfaGateway.url} --user ${person.name} to approve in your browser`,
        },
      },
    });
  });
});
