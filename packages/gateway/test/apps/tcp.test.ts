import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { apiPaths, compilePath, decodeFrame, queryString, websocketPaths } from '@portcullis/shared';
import WebSocket from 'ws';
import { engines, type Client, type TestGateway } from '../harness';
import { createLock } from '../locks/fixtures';
import { eventually } from '../servers/fixtures';
import { closedPort, eventsWithCode, joinToken, startAppAgent, startAppsGateway, startEchoServer } from './fixtures';
import { cliArgs, profileHome, repoRoot } from '../cli';

// Each run of the command line starts Node with tsx.
jest.setTimeout(90_000);

const run = promisify(execFile);

/** What the app socket answers `client` before closing: control messages' texts and binary bytes. */
async function openSocket(gw: TestGateway, client: Client, app: string, send?: Buffer) {
  const url = gw.url.replace(/^http/, 'ws') + compilePath(websocketPaths.appTcp, { clusterId: 'localhost', appName: app }) + queryString({ access_token: client.session!.token });
  const socket = new WebSocket(url, { headers: { cookie: client.cookieHeader() } });
  const errors: string[] = [];
  let bytes = '';
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    if (isBinary) bytes += data.toString();
    else {
      const frame = decodeFrame(data.toString());
      if (frame.kind === 'control' && frame.message.type === 'error') errors.push(frame.message.message);
    }
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  if (send) socket.send(send, { binary: true });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, errors, bytes: () => bytes, closed };
}

describe.each(engines)('TCP apps through the gateway on %s', (engine) => {
  let gw: TestGateway;
  let admin: Client & { name: string };
  let stop: () => Promise<void>;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    ({ gw, admin } = await startAppsGateway(engine));
    const echo = await startEchoServer();
    const refusedPort = await closedPort();
    const dev = await startAppAgent(gw.url, await joinToken(admin), [
      { name: 'pg', uri: 'tcp://127.0.0.1:5432' },
      { name: 'echo', uri: `tcp://127.0.0.1:${echo.port}` },
      { name: 'down', uri: `tcp://127.0.0.1:${refusedPort}` },
      { name: 'web', uri: 'http://127.0.0.1:3000' },
    ]);
    const prod = await startAppAgent(gw.url, await joinToken(admin), [{ name: 'secret', uri: `tcp://127.0.0.1:${echo.port}` }], { labels: { env: 'prod' }, hostname: 'prod-host' });
    stop = async () => {
      children.forEach((c) => c.exitCode === null && c.kill('SIGKILL'));
      await dev.agent.stop();
      await prod.agent.stop();
      await echo.close();
    };
  });
  afterAll(async () => {
    await stop();
    await gw.close();
  });

  test('real psql through `portcullis proxy app` gets 42 back, and the session is audited with its bytes', async () => {
    const user = await gw.signIn({ roles: ['apps-dev'] });
    const home = profileHome(gw, user);
    try {
      const proxy = spawn(process.execPath, [...cliArgs, 'proxy', 'app', 'pg', '--port', '0'], { cwd: repoRoot, env: { ...process.env, PORTCULLIS_HOME: home }, stdio: 'pipe' });
      children.push(proxy);
      let stdout = '';
      let stderr = '';
      proxy.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
      proxy.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
      const [line, port] = await eventually(async () => /^Proxying pg on 127\.0\.0\.1:(\d+)\n/.exec(stdout) ?? undefined, `the proxy's listening line (stderr: ${stderr})`, 30_000);
      expect(line).toBe(`Proxying pg on 127.0.0.1:${port}\n`);

      const psql = await run('psql', ['-h', '127.0.0.1', '-p', port!, '-U', 'postgres', '-d', 'postgres', '-At', '-c', 'select 41+1'], { env: { ...process.env, PGCONNECT_TIMEOUT: '20' } });
      expect(psql.stdout).toBe('42\n');
      const ends = await eventually(async () => {
        const found = await eventsWithCode(gw, 'T2011I');
        return found.length ? found : undefined;
      }, 'the app session end event');
      const [start] = await eventsWithCode(gw, 'T2007I');
      expect(start).toMatchObject({ event: 'app.session.start', user: user.name, app_name: 'pg', app_uri: 'tcp://127.0.0.1:5432', app_session_kind: 'tcp' });
      expect(ends[0]).toMatchObject({ event: 'app.session.end', user: user.name, app_name: 'pg', sid: start!.sid });
      expect(ends[0]!.bytes_to_app).toBeGreaterThan(0);
      expect(ends[0]!.bytes_from_app).toBeGreaterThan(0);
      expect(stderr).toBe('');
      proxy.kill('SIGTERM');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  test('the app socket carries bytes for a user whose roles reach the app', async () => {
    const user = await gw.signIn({ roles: ['apps-dev'] });
    const s = await openSocket(gw, user, 'echo', Buffer.from('ping\n'));
    await eventually(async () => s.bytes() === 'ping\n', 'the echo');
    s.socket.close();
    await s.closed;
  });

  test.each([
    ['an app beyond the roles (audited)', 'secret', 'access denied to app secret: your roles\' app_labels do not match app secret'],
    ['an unknown app', 'nothing', 'app nothing was not found or is offline'],
    ['an app the agent cannot reach, without its address', 'down', 'app down is unreachable: its agent could not connect to it'],
  ])('refuses %s with a clear sentence, then closes', async (_what, app, message) => {
    const user = await gw.signIn({ roles: ['apps-dev'] });
    const s = await openSocket(gw, user, app);
    await s.closed;
    expect(s.errors).toEqual([message]);
    if (app === 'secret') {
      const rejected = (await eventsWithCode(gw, 'T1006W')).filter((e) => e.user === user.name);
      expect(rejected).toEqual([expect.objectContaining({ app_name: 'secret', reason: "your roles' app_labels do not match app secret" })]);
    }
  });

  test('a lock on the user ends an open connection with its message', async () => {
    const user = await gw.signIn({ roles: ['apps-dev'] });
    const locker = await gw.signIn({ roles: ['editor'] });
    const s = await openSocket(gw, user, 'echo', Buffer.from('x'));
    await eventually(async () => s.bytes() === 'x', 'the echo');
    await createLock(locker, { targets: { user: user.name }, message: 'incident 7: stand by' });
    await s.closed;
    expect(s.errors).toEqual(['incident 7: stand by']);
  });

  test('signing out ends the connections that web session opened, telling why; the same user signed in elsewhere keeps theirs', async () => {
    const { name, password } = await gw.createUser({ roles: ['apps-dev'] });
    const [laptop, desktop] = [await gw.login(name, password), await gw.login(name, password)];
    const signedOut = await openSocket(gw, laptop, 'echo', Buffer.from('x'));
    const kept = await openSocket(gw, desktop, 'echo', Buffer.from('y'));
    await eventually(async () => signedOut.bytes() === 'x' && kept.bytes() === 'y', 'the echoes');
    expect((await laptop.del(apiPaths.webSession)).status).toBe(200);
    await signedOut.closed;
    expect(signedOut.errors).toEqual(['your web session ended (signed out, expired or the user was removed): sign in again']);
    kept.socket.send(Buffer.from('z'), { binary: true });
    await eventually(async () => kept.bytes() === 'yz', 'the echo after the sign-out');
    kept.socket.close();
    await kept.closed;
    expect(kept.errors).toEqual([]);
  });

  test('the command line refuses a web app and an unknown one before listening', async () => {
    const user = await gw.signIn({ roles: ['apps-dev'] });
    const home = profileHome(gw, user);
    try {
      const web = await run(process.execPath, [...cliArgs, 'proxy', 'app', 'web'], { cwd: repoRoot, env: { ...process.env, PORTCULLIS_HOME: home } }).catch((e: { code: number; stderr: string }) => e);
      expect(web).toMatchObject({ code: 1, stderr: `error: app web is a web app: open https://web.localhost:${new URL(gw.url).port} in your browser (or from the Applications page)\n` });
      const none = await run(process.execPath, [...cliArgs, 'proxy', 'app', 'secret'], { cwd: repoRoot, env: { ...process.env, PORTCULLIS_HOME: home } }).catch((e: { code: number; stderr: string }) => e);
      expect(none).toMatchObject({ code: 1, stderr: 'error: app secret was not found, or your roles do not reach it\n' });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
