import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppJson } from '@portcullis/shared';
import { engines, type Client, type TestGateway } from '../harness';
import { eventually } from '../servers/fixtures';
import { joinToken, startAppAgent, startAppsGateway } from './fixtures';

jest.setTimeout(60_000);

type Page = { items: AppJson[]; startKey: string; totalCount: number };
const appsPath = '/v1/webapi/sites/localhost/apps';
const names = (page: Page) => page.items.map((a) => a.name);

describe.each(engines)('apps agents announce, listed on %s', (engine) => {
  let gw: TestGateway;
  let admin: Client;
  let port: number;
  let stop: () => Promise<void>;
  let devIds: Record<string, string>;

  beforeAll(async () => {
    ({ gw, admin, port } = await startAppsGateway(engine));
    const dev = await startAppAgent(gw.url, await joinToken(admin), [
      { name: 'alpha', uri: 'http://127.0.0.1:3000', description: 'Dashboards' },
      { name: 'bravo', uri: 'tcp://127.0.0.1:6379' },
      { name: 'charlie', uri: 'https://internal.example:8443', publicAddr: 'charlie.apps.example.com' },
    ]);
    const prod = await startAppAgent(gw.url, await joinToken(admin), [
      { name: 'delta', uri: 'http://10.0.0.9:8080' },
      { name: 'echo', uri: 'tcp://127.0.0.1:5432' },
    ], { labels: { env: 'prod' }, hostname: 'prod-host' });
    devIds = dev.appIds;
    stop = async () => {
      await dev.agent.stop();
      await prod.agent.stop();
    };
  });
  afterAll(async () => {
    await stop();
    await gw.close();
  });

  const list = async (client: Client, query = '') => {
    const res = await client.get<Page>(`${appsPath}${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  test('an app is the wire item of spec §3: public address under the gateway’s host, fqdn, labels, and a TCP app keeps tcp://', async () => {
    const page = await list(admin);
    expect(names(page)).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
    expect(page.totalCount).toBe(5);
    expect(page.startKey).toBe('');
    const [alpha, bravo, charlie] = page.items;
    const userLabels = (a: AppJson) => a.labels!.filter((l) => !l.name.startsWith('portcullis.internal/'));
    expect({ ...alpha, labels: userLabels(alpha!) }).toEqual({
      name: 'alpha',
      description: 'Dashboards',
      uri: 'http://127.0.0.1:3000',
      publicAddr: `alpha.localhost:${port}`,
      labels: [{ name: 'env', value: 'dev' }],
      clusterId: 'localhost',
      fqdn: 'alpha.localhost',
      awsConsole: false,
      awsRoles: [],
    });
    expect(bravo).toMatchObject({ uri: 'tcp://127.0.0.1:6379', publicAddr: `bravo.localhost:${port}`, fqdn: 'bravo.localhost' });
    expect(charlie).toMatchObject({ publicAddr: 'charlie.apps.example.com', fqdn: 'charlie.apps.example.com' });
  });

  test('pages by keyset with totalCount, sorts both ways, searches keywords and filters by predicate', async () => {
    const first = await list(admin, '?limit=2');
    expect([names(first), first.totalCount]).toEqual([['alpha', 'bravo'], 5]);
    const second = await list(admin, `?limit=2&startKey=${first.startKey}`);
    expect(names(second)).toEqual(['charlie', 'delta']);
    const last = await list(admin, `?limit=2&startKey=${second.startKey}`);
    expect([names(last), last.startKey, last.totalCount]).toEqual([['echo'], '', 5]);

    expect(names(await list(admin, '?sort=name:desc&limit=3'))).toEqual(['echo', 'delta', 'charlie']);
    expect(names(await list(admin, '?sort=publicAddr:asc'))).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
    const searched = await list(admin, '?search=PROD');
    expect([names(searched), searched.totalCount]).toEqual([['delta', 'echo'], 2]);
    expect(names(await list(admin, '?search=dashboards'))).toEqual(['alpha']);
    const predicate = encodeURIComponent('labels.env == "dev" && hasPrefix(uri, "tcp://")');
    expect(names(await list(admin, `?query=${predicate}`))).toEqual(['bravo']);
    expect((await admin.get(`${appsPath}?query=${encodeURIComponent('hostname == "x"')}`)).body).toEqual({
      error: { message: 'query: unknown field hostname (use name, uri, publicAddr, description or labels.NAME)' },
    });
    expect((await admin.get(`${appsPath}?sort=agent:asc`)).status).toBe(400);
  });

  test("a role's app_labels decide what is listed, in SQL: a dev user sees only env=dev apps, and counts only them", async () => {
    const devUser = await gw.signIn({ roles: ['apps-dev'] });
    const page = await list(devUser, '?limit=2');
    expect([names(page), page.totalCount]).toEqual([['alpha', 'bravo'], 3]);
    expect(names(await list(devUser, `?limit=2&startKey=${page.startKey}`))).toEqual(['charlie']);
    expect(names(await list(devUser, '?search=prod'))).toEqual([]);
    // Without the list rule, nothing at all.
    const nobody = await gw.signIn({ roles: [] });
    expect((await nobody.get(appsPath)).status).toBe(403);
  });

  test('the launcher looks an app up by fqdn (and public address); one the user may not open is a 404 like a missing one', async () => {
    const devUser = await gw.signIn({ roles: ['apps-dev'] });
    const alpha = { fqdn: 'alpha.localhost', clusterId: 'localhost', publicAddr: `alpha.localhost:${port}` };
    expect((await devUser.get('/v1/webapi/apps/alpha.localhost')).body).toEqual(alpha);
    expect((await devUser.get('/v1/webapi/apps/alpha.localhost/localhost')).body).toEqual(alpha);
    expect((await devUser.get(`/v1/webapi/apps/alpha.localhost/localhost/alpha.localhost:${port}`)).body).toEqual(alpha);
    expect((await devUser.get('/v1/webapi/apps/charlie.apps.example.com')).body).toEqual({ fqdn: 'charlie.apps.example.com', clusterId: 'localhost', publicAddr: 'charlie.apps.example.com' });
    const missing = { status: 404, body: { error: { message: 'no app at delta.localhost that you may open' } } };
    const answer = async (path: string) => {
      const res = await devUser.get(path);
      return { status: res.status, body: res.body as unknown };
    };
    expect(await answer('/v1/webapi/apps/delta.localhost')).toEqual(missing);
    expect((await answer('/v1/webapi/apps/nothing.localhost')).status).toBe(404);
    expect((await answer('/v1/webapi/apps/alpha.localhost/localhost/alpha.localhost:1')).status).toBe(404);
    expect((await answer('/v1/webapi/apps/alpha.localhost/elsewhere')).body).toEqual({ error: { message: 'cluster "elsewhere" was not found' } });
    expect((await gw.anonymous().get('/v1/webapi/apps/alpha.localhost')).status).toBe(403);
  });

  test('an agent reconnecting gets its apps back under the same ids; apps leave the list when their agent stops', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portcullis-app-agent-'));
    const first = await startAppAgent(gw.url, await joinToken(admin), [{ name: 'foxtrot', uri: 'http://127.0.0.1:1' }], { dataDir, hostname: 'fox-host' });
    expect(names(await list(admin, '?search=foxtrot'))).toEqual(['foxtrot']);
    await first.agent.stop();
    await eventually(async () => (await list(admin, '?search=foxtrot')).totalCount === 0, 'foxtrot to leave the list');
    const again = await startAppAgent(gw.url, 'spent', [{ name: 'foxtrot', uri: 'http://127.0.0.1:1' }], { dataDir, hostname: 'fox-host' });
    expect(again.appIds).toEqual(first.appIds);
    expect(again.appIds.foxtrot).toMatch(/^[0-9a-f-]{36}$/);
    expect(names(await list(admin, '?search=foxtrot'))).toEqual(['foxtrot']);
    await again.agent.stop();
    expect(devIds.alpha).not.toBe(first.appIds.foxtrot);
  });
});
