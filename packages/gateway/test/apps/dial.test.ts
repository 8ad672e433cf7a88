import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { parseApps } from '../../src/agent/apps';
import { dialApp } from '../../src/resources/apps/dial';
import { appRepo, type AppRecord } from '../../src/resources/apps/repo';
import { ResourceUnreachableError } from '../../src/resources/core/connectors';
import type { Resources } from '../../src/resources/register';
import type { TestGateway } from '../harness';
import { closedPort, joinToken, startAppAgent, startAppsGateway, startEchoServer } from './fixtures';

jest.setTimeout(60_000);

/** Everything the duplex yields until its end. */
const readAll = (link: Duplex): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    link.on('data', (c: Buffer) => chunks.push(c));
    link.once('end', () => resolve(Buffer.concat(chunks)));
    link.once('error', reject);
  });

describe('dialing an app through its agent', () => {
  let gw: TestGateway;
  let resources: Resources;
  let echo: Awaited<ReturnType<typeof startEchoServer>>;
  let agent: Awaited<ReturnType<typeof startAppAgent>>;
  let refusedPort: number;
  const app = async (name: string): Promise<AppRecord> => (await appRepo(gw.server.store).get(agent.appIds[name]!, Date.now()))!;

  beforeAll(async () => {
    let admin;
    ({ gw, admin, resources } = await startAppsGateway());
    echo = await startEchoServer();
    refusedPort = await closedPort();
    agent = await startAppAgent(gw.url, await joinToken(admin), [
      { name: 'echo', uri: `tcp://127.0.0.1:${echo.port}` },
      { name: 'refused', uri: `http://127.0.0.1:${refusedPort}` },
    ]);
  });
  afterAll(async () => {
    await agent.agent.stop();
    await echo.close();
    await gw.close();
  });

  test('carries bytes both ways with flow control: 8 MiB echoed back intact, ended by a half-close', async () => {
    const link = await dialApp(resources.agents, await app('echo'));
    const payload = randomBytes(8 * 1024 * 1024);
    const received = readAll(link);
    link.end(payload);
    expect((await received).equals(payload)).toBe(true);
  });

  test('an app that cannot be reached is refused with a sentence naming the app only; the agent’s reason is the cause, for the log', async () => {
    const refused = await app('refused');
    const err = (await dialApp(resources.agents, refused).catch((e: unknown) => e)) as ResourceUnreachableError;
    expect(err).toBeInstanceOf(ResourceUnreachableError);
    expect(err.message).toBe('app refused is unreachable: its agent could not connect to it');
    expect((err.cause as Error).message).toMatch(new RegExp(`^cannot connect to 127\\.0\\.0\\.1:${refusedPort}: connect ECONNREFUSED`));
  });

  test('an app whose agent is not connected is offline', async () => {
    const echoApp = await app('echo');
    await expect(dialApp(resources.agents, { ...echoApp, agentId: 'gone' })).rejects.toThrow(new ResourceUnreachableError('app echo is offline: its agent is not connected'));
  });
});

describe('the agent’s --app flags', () => {
  test('NAME=URL, repeatable; public addresses by name, or bare with one app', () => {
    expect(parseApps(['grafana=http://localhost:3000', 'pg=tcp://127.0.0.1:5432'], ['grafana=grafana.example.com', 'pg=pg.example.com:5433'])).toEqual([
      { name: 'grafana', uri: 'http://localhost:3000', publicAddr: 'grafana.example.com' },
      { name: 'pg', uri: 'tcp://127.0.0.1:5432', publicAddr: 'pg.example.com:5433' },
    ]);
    expect(parseApps(['grafana=https://10.0.0.5'], ['dash.example.com'])).toEqual([{ name: 'grafana', uri: 'https://10.0.0.5', publicAddr: 'dash.example.com' }]);
  });

  test.each([
    [['grafana'], [], 'invalid --app "grafana": expected NAME=URL, e.g. grafana=http://localhost:3000'],
    [['Graf_ana=http://x'], [], 'invalid --app Graf_ana: app name "Graf_ana" must be a DNS label: lower-case letters, digits and -, at most 63'],
    [['pg=tcp://127.0.0.1'], [], 'invalid --app pg: app URI "tcp://127.0.0.1" must name a port: tcp://HOST:PORT'],
    [['ftp=ftp://x'], [], 'invalid --app ftp: app URI "ftp://x" must start with http://, https:// or tcp://'],
    [['a=http://x', 'b=http://y'], ['a.example.com'], '--app-public-addr a.example.com names no app: with several --app flags, write NAME=ADDR'],
    [['a=http://x'], ['b=b.example.com'], '--app-public-addr b=b.example.com: no --app is named b'],
    [['a=http://x'], ['a=Bad Host'], 'invalid --app a: public address "Bad Host" must be HOST or HOST:PORT, with HOST a lower-case DNS name'],
    [['a=http://x', 'a=http://y'], [], '--app a is given twice'],
  ])('refuses %j %j', (apps, addrs, message) => {
    expect(() => parseApps(apps, addrs)).toThrow(new Error(message));
  });
});
