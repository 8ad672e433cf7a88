import { engines, startGateway, type TestGateway } from '../../../test/harness';

describe.each(engines)('cluster routes on %s', (engine) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway({ engine });
  });
  afterAll(() => gw.close());

  it('lists the local cluster with the fields of spec §3', async () => {
    expect((await gw.anonymous().get('/v1/webapi/sites')).status).toBe(403);
    const user = await gw.signIn({ roles: ['access'] });
    const res = await user.get('/v1/webapi/sites');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(Object.keys(res.body[0]).sort()).toEqual(['authVersion', 'lastConnected', 'name', 'nodeCount', 'proxyVersion', 'publicURL', 'status']);
    expect(res.body[0]).toMatchObject({ name: 'localhost', status: 'online', nodeCount: 0 });
    expect(res.body[0].publicURL).toBe(new URL(gw.url.replace('127.0.0.1', 'localhost')).host);
    expect((await user.get('/v1/webapi/sites/localhost/alerts')).body).toEqual({ alerts: [] });
    expect((await user.get('/v1/webapi/sites/other/alerts')).body).toEqual({ error: { message: 'cluster "other" was not found' } });
  });

  it('counts the nodes of the cluster, and only live ones', async () => {
    await gw.createRole('kind: role\nmetadata: { name: node-admin }\nspec:\n  allow:\n    rules: [{ resources: [node], verbs: [list, create] }]\n');
    const admin = await gw.signIn({ roles: ['node-admin'] });
    const count = async () => (await admin.get('/v1/webapi/sites')).body[0].nodeCount;
    const before = await count();
    for (const hostname of ['one', 'two']) {
      expect((await admin.post('/v1/webapi/sites/localhost/nodes', { hostname, addr: `${hostname}.example:22` })).status).toBe(200);
    }
    expect(await count()).toBe(before + 2);
    await gw.server.store.db.insertInto('nodes').values({ id: 'left', hostname: 'left', addr: 'x:22', agent_id: 'gone', labels: '{}', search_text: 'left', expires_at: Date.now() - 1, created_at: 0, updated_at: 0 }).execute();
    expect(await count()).toBe(before + 2);
  });

  it('answers the user context with the full ACL of the user’s roles', async () => {
    const user = await gw.signIn({ roles: ['auditor', 'access'], traits: { logins: ['ops'] } });
    const res = await user.get('/v1/webapi/sites/localhost/context');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      authType: 'local',
      userName: user.name,
      cluster: { name: 'localhost', status: 'online' },
      accessStrategy: { type: 'optional', prompt: '' },
      accessCapabilities: { requestableRoles: [], suggestedReviewers: [] },
    });
    expect(res.body.userAcl.events).toEqual({ list: true, read: true, edit: false, create: false, remove: false });
    expect(res.body.userAcl.users).toEqual({ list: false, read: false, edit: false, create: false, remove: false });
    expect(res.body.userAcl.nodes.list).toBe(true);
    expect(res.body.userAcl.integrations).toHaveProperty('use', false);
    expect(Object.keys(res.body.userAcl)).toHaveLength(27);
  });
});
