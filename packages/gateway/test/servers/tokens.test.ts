import { INTERNAL_RESOURCE_ID_LABEL, type JoinTokenJson } from '@portcullis/shared';
import { defaultJoinTokenTtlMs } from '../../src/management/tokens/schemas';
import { engines, startGateway, type Client, type TestGateway } from '../harness';
import { auditEvents, operatorRole } from './fixtures';

describe.each(engines)('join tokens on %s', (engine) => {
  let gw: TestGateway;
  let admin: Client & { name: string };
  beforeAll(async () => {
    gw = await startGateway({ engine });
    await gw.createRole(operatorRole);
    admin = await gw.signIn({ roles: ['servers-operator'] });
  });
  afterAll(() => gw.close());

  test('POST /token creates a node token with join_method token by default, expiring in 30 minutes, audited', async () => {
    const before = Date.now();
    const res = await admin.post<JoinTokenJson>('/v1/webapi/token', { roles: ['Node'], suggested_labels: { env: 'test' } });
    expect(res.status).toBe(200);
    expect(res.body.id).toMatch(/^[0-9a-f]{32}$/);
    expect(defaultJoinTokenTtlMs).toBe(30 * 60_000);
    const expiry = Date.parse(res.body.expiry);
    expect(expiry).toBeGreaterThanOrEqual(before + defaultJoinTokenTtlMs);
    expect(expiry).toBeLessThanOrEqual(Date.now() + defaultJoinTokenTtlMs);
    expect(res.body.suggestedLabels).toEqual(
      expect.arrayContaining([
        { name: 'env', value: 'test' },
        { name: INTERNAL_RESOURCE_ID_LABEL, value: expect.any(String) },
      ]),
    );
    expect(await auditEvents(gw)).toContainEqual(expect.objectContaining({ code: 'T7003I', user: admin.name, join_method: 'token', roles: 'Node' }));
    // Stored hashed: the listing never shows the value again.
    const list = await admin.get<{ items: JoinTokenJson[] }>('/v1/webapi/tokens');
    expect(list.body.items.length).toBeGreaterThan(0);
    expect(JSON.stringify(list.body)).not.toContain(res.body.id);
  });

  test('expires_in sets the expiry; unsupported methods, roles and lifetimes are 400s naming the field', async () => {
    const res = await admin.post<JoinTokenJson>('/v1/webapi/token', { roles: ['Node'], expires_in: '2h' });
    expect(Date.parse(res.body.expiry) - Date.now()).toBeGreaterThan(2 * 3_600_000 - 60_000);
    const iam = await admin.post('/v1/webapi/token', { roles: ['Node'], join_method: 'iam' });
    expect(iam.status).toBe(400);
    expect(iam.body).toEqual({ error: { message: expect.stringContaining('join_method') } });
    expect((await admin.post('/v1/webapi/token', { roles: ['Admin'] })).status).toBe(400);
    expect((await admin.post('/v1/webapi/token', { roles: ['Node'], expires_in: '30d' })).body).toEqual({ error: { message: expect.stringContaining('at most 168h') } });
  });

  test('install-node.sh installs the agent under systemd with the token, and only for a live token', async () => {
    const token = (await admin.post<JoinTokenJson>('/v1/webapi/token', { roles: ['Node'], suggested_labels: { team: 'ops' } })).body.id;
    const res = await gw.anonymous().get<string>(`/scripts/${token}/install-node.sh`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/x-shellscript/);
    expect(res.body).toMatch(/^#!\/bin\/sh\n/);
    expect(res.body).toContain(`TOKEN='${token}'`);
    expect(res.body).toContain(`GATEWAY='${gw.url.replace('127.0.0.1', 'localhost')}'`);
    expect(res.body).toMatch(/team=ops/);
    expect(res.body).toContain('systemctl enable --now portcullis-agent');
    expect(res.body).toMatch(/debian\|ubuntu/);
    expect((await gw.anonymous().get(`/scripts/${'0'.repeat(32)}/install-node.sh`)).status).toBe(404);
    expect((await gw.anonymous().get('/scripts/not-a-token/install-node.sh')).status).toBe(400);
  });

  test('creating, listing and deleting tokens need the token permissions', async () => {
    const user = await gw.signIn({ roles: ['access'] });
    expect((await user.post('/v1/webapi/token', { roles: ['Node'] })).status).toBe(403);
    expect((await user.get('/v1/webapi/tokens')).status).toBe(403);
    expect((await gw.anonymous().post('/v1/webapi/token', { roles: ['Node'] })).status).toBe(403);
    expect((await admin.del('/v1/webapi/tokens/000000000000')).status).toBe(404);
  });
});
