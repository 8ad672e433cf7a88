import { nodeRepo, type NodeWrite } from '../../src/resources/nodes/repo';
import { engines, startGateway, type Client, type TestGateway } from '../harness';

/** A fleet: web-000..web-059 (env=prod, team=a|b), db-000..db-019 (env=dev), one expired agent node. */
function fleet(now: number): NodeWrite[] {
  const web = Array.from({ length: 60 }, (_, i) => ({
    id: `web-${String(i).padStart(3, '0')}`,
    hostname: `web-${String(i).padStart(3, '0')}`,
    addr: `10.0.0.${i}:22`,
    agentId: null,
    labels: { env: 'prod', team: i % 2 ? 'b' : 'a' },
    expiresAt: null,
  }));
  const db = Array.from({ length: 20 }, (_, i) => ({
    id: `db-${String(i).padStart(3, '0')}`,
    hostname: `db-${String(i).padStart(3, '0')}`,
    addr: `10.1.0.${i}:22`,
    agentId: 'agent-1',
    labels: { env: 'dev', role: 'database' },
    expiresAt: now + 60_000,
  }));
  const gone = { id: 'gone', hostname: 'gone', addr: '10.9.9.9:22', agentId: 'agent-1', labels: { env: 'prod' }, expiresAt: now - 1 };
  return [...web, ...db, gone];
}

const roleYaml = (name: string, allow: string, deny = '') => `
kind: role
metadata: { name: ${name} }
spec:
  allow:
    logins: [root]
${allow}
    rules: [{ resources: [node], verbs: [list, read] }]
  deny: {${deny}}
`;

describe.each(engines)('node list on %s', (engine) => {
  let gw: TestGateway;
  let all: Client;
  const nodes = (client: Client, query = '') => client.get<{ items: { hostname: string; tags: { name: string; value: string }[]; sshLogins: string[]; tunnel: boolean }[]; startKey: string; totalCount: number }>(`/v1/webapi/sites/localhost/nodes${query}`);
  const names = (res: Awaited<ReturnType<typeof nodes>>) => res.body.items.map((n) => n.hostname);

  beforeAll(async () => {
    gw = await startGateway({ engine });
    await nodeRepo(gw.server.store).insertMany(fleet(Date.now()), Date.now());
    await gw.createRole(roleYaml('see-all', "    node_labels: { '*': '*' }"));
    all = await gw.signIn({ roles: ['see-all'] });
  });
  afterAll(() => gw.close());

  test('pages by keyset in hostname order with a total count, expired agent nodes left out', async () => {
    const first = await nodes(all, '?limit=30');
    expect(first.status).toBe(200);
    expect(first.body.totalCount).toBe(80);
    expect(names(first)).toEqual([...Array.from({ length: 20 }, (_, i) => `db-${String(i).padStart(3, '0')}`), ...Array.from({ length: 10 }, (_, i) => `web-00${i}`)]);
    const seen = [...names(first)];
    let key = first.body.startKey;
    while (key) {
      const page = await nodes(all, `?limit=30&startKey=${encodeURIComponent(key)}`);
      seen.push(...names(page));
      key = page.body.startKey;
    }
    expect(seen).toHaveLength(80);
    expect(new Set(seen).size).toBe(80);
    expect(seen).not.toContain('gone');
  });

  test('node items carry the wire shape', async () => {
    const res = await nodes(all, '?limit=1&sort=hostname:desc');
    expect(res.body.items[0]).toEqual({
      kind: 'node',
      id: 'web-059',
      siteId: 'localhost',
      hostname: 'web-059',
      addr: '10.0.0.59:22',
      tunnel: false,
      tags: [
        { name: 'env', value: 'prod' },
        { name: 'team', value: 'b' },
      ],
      sshLogins: ['root'],
    });
  });

  test('sorts by addr descending', async () => {
    const res = await nodes(all, '?limit=2&sort=addr:desc');
    expect(res.body.items.map((n) => n.hostname)).toEqual(['db-009', 'db-008']); // 10.1.0.9 sorts after 10.0.0.59
  });

  test('keyword search matches hostname and labels, every word required', async () => {
    expect((await nodes(all, '?search=database')).body.totalCount).toBe(20);
    expect((await nodes(all, '?search=WEB-05')).body.totalCount).toBe(10);
    expect((await nodes(all, '?search=prod%20team=b')).body.totalCount).toBe(30);
    expect((await nodes(all, '?search=50%25')).body.totalCount).toBe(0); // LIKE wildcards are literal
  });

  test('the predicate query filters in the database', async () => {
    const q = (expr: string) => nodes(all, `?query=${encodeURIComponent(expr)}`);
    expect((await q('labels.env == "dev"')).body.totalCount).toBe(20);
    expect((await q('labels["team"] == "a" && hostname != "web-000"')).body.totalCount).toBe(29);
    expect((await q('labels.env == "dev" || labels.team == "b"')).body.totalCount).toBe(50);
    expect((await q('!exists(labels.team)')).body.totalCount).toBe(20);
    expect((await q('hasPrefix(hostname, "web-01") && search("10.0.0.1")')).body.totalCount).toBe(10);
  });

  test('a malformed query, sort or limit is a 400 naming the problem', async () => {
    const bad = await nodes(all, `?query=${encodeURIComponent('labels.env = "x"')}`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: { message: expect.stringMatching(/^query: /) } });
    expect((await nodes(all, `?query=${encodeURIComponent('owner == "x"')}`)).body).toEqual({ error: { message: expect.stringContaining('unknown field owner') } });
    expect((await nodes(all, '?sort=uptime:asc')).status).toBe(400);
    expect((await nodes(all, '?limit=1001')).body).toEqual({ error: { message: expect.stringContaining('limit may be at most 1000') } });
    expect((await nodes(all, '?startKey=garbage')).body).toEqual({ error: { message: 'startKey is not a cursor this list returned' } });
  });

  test("only the nodes the user's node_labels allow, with deny winning", async () => {
    await gw.createRole(roleYaml('prod-a', '    node_labels: { env: prod, team: a }'));
    await gw.createRole(roleYaml('glob-web', "    node_labels: { env: 'pr*' }", " node_labels: { team: b }"));
    await gw.createRole(roleYaml('regex-db', "    node_labels: { role: '^data.*$' }"));
    const prodA = await gw.signIn({ roles: ['prod-a'] });
    const res = await nodes(prodA, '?limit=5');
    expect(res.body.totalCount).toBe(30);
    expect(names(res)).toEqual(['web-000', 'web-002', 'web-004', 'web-006', 'web-008']);
    const globWeb = await gw.signIn({ roles: ['glob-web'] }); // team=b denied
    const page = await nodes(globWeb, '?limit=40');
    expect(page.body.totalCount).toBe(30);
    expect(page.body.items.every((n) => n.tags.some((t) => t.name === 'team' && t.value === 'a'))).toBe(true);
    expect(page.body.startKey).toBe('');
    const regexDb = await gw.signIn({ roles: ['regex-db'] });
    const dbs = await nodes(regexDb, '?limit=15');
    expect(dbs.body.totalCount).toBe(20);
    expect(names(dbs)).toHaveLength(15);
    expect(names(await nodes(regexDb, `?limit=15&startKey=${encodeURIComponent(dbs.body.startKey)}`))).toEqual(['db-015', 'db-016', 'db-017', 'db-018', 'db-019']);
  });

  test('listing needs node list permission', async () => {
    const nobody = await gw.signIn({ roles: [] });
    expect((await nodes(nobody)).status).toBe(403);
    expect((await gw.anonymous().get('/v1/webapi/sites/localhost/nodes')).status).toBe(403);
    expect((await nodes(all).then(() => all.get('/v1/webapi/sites/elsewhere/nodes'))).status).toBe(404);
  });
});
