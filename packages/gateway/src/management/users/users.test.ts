import { encode, startGateway, type Client, type TestGateway } from '../../../test/harness';

describe('the users API', () => {
  let gw: TestGateway;
  let editor: Client & { name: string };
  let admin: Client;
  let plain: Client;

  beforeAll(async () => {
    gw = await startGateway();
    editor = await gw.signIn({ roles: ['editor'] });
    admin = await gw.signIn({ name: 'root-admin', roles: ['editor', 'access', 'auditor'] });
    plain = await gw.signIn({ roles: ['access'] });
  });
  afterAll(() => gw.close());

  it('lists users for the four callers: unauthenticated 403, without the right 403, allowed and admin 200', async () => {
    expect((await gw.anonymous().get('/v1/webapi/users')).status).toBe(403);
    expect((await plain.get('/v1/webapi/users')).status).toBe(403);
    const list = await editor.get('/v1/webapi/users');
    expect(list.status).toBe(200);
    expect(list.body).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'admin', roles: ['access', 'auditor', 'editor'], authType: 'local' })]));
    expect((await admin.get('/v1/webapi/users')).status).toBe(200);
  });

  it('creates, updates and deletes a user with traits, each audited', async () => {
    const created = await editor.post('/v1/webapi/users', { name: 'alice', roles: ['auditor', 'access'], traits: { logins: ['alice', 'ubuntu'] } });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      name: 'alice',
      roles: ['access', 'auditor'],
      authType: 'local',
      traits: { logins: ['alice', 'ubuntu'], databaseUsers: [], databaseNames: [], kubeUsers: [], kubeGroups: [], windowsLogins: [], awsRoleArns: [] },
    });
    expect((await editor.post('/v1/webapi/users', { name: 'alice', roles: ['access'] })).status).toBe(409);
    const updated = await admin.put('/v1/webapi/users', { name: 'alice', roles: ['access'], traits: { kubeGroups: ['viewers'] } });
    expect(updated.body.roles).toEqual(['access']);
    expect(updated.body.traits).toMatchObject({ logins: ['alice', 'ubuntu'], kubeGroups: ['viewers'] });
    expect((await plain.del('/v1/webapi/users/alice')).status).toBe(403);
    expect((await editor.del('/v1/webapi/users/alice')).status).toBe(200);
    expect((await editor.del('/v1/webapi/users/alice')).status).toBe(404);

    const events = await admin.get('/v1/webapi/sites/localhost/events/search?include=user.create,user.update,user.delete&order=asc&limit=100');
    const forAlice = events.body.events.filter((e: { name: string }) => e.name === 'alice');
    expect(forAlice.map((e: { code: string; user: string }) => [e.code, e.user])).toEqual([
      ['T1002I', editor.name],
      ['T1003I', 'root-admin'],
      ['T1004I', editor.name],
    ]);
  });

  it('names the problem in a 400 for malformed JSON, wrong types and unknown roles', async () => {
    const malformed = await editor.request('POST', '/v1/webapi/users', undefined, { rawBody: '{"name": "bob", ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toMatch(/^malformed JSON body/);
    const wrongType = await editor.post('/v1/webapi/users', { name: 'bob', roles: 'access' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.message).toMatch(/^body\.roles: /);
    const badTrait = await editor.post('/v1/webapi/users', { name: 'bob', roles: ['access'], traits: { logins: [7] } });
    expect(badTrait.body.error.message).toMatch(/^body\.traits\.logins\.0: /);
    const unknownField = await editor.post('/v1/webapi/users', { name: 'bob', roles: ['access'], admin: true });
    expect(unknownField.body.error.message).toMatch(/admin/);
    const noRole = await editor.post('/v1/webapi/users', { name: 'bob', roles: ['no-such-role'] });
    expect(noRole.status).toBe(400);
    expect(noRole.body.error.message).toBe('roles: no such role no-such-role');
    const badName = await editor.post('/v1/webapi/users', { name: '../etc', roles: ['access'] });
    expect(badName.body.error.message).toMatch(/^body\.name: /);
  });

  it('refuses to let a user delete themselves', async () => {
    const res = await editor.del(`/v1/webapi/users/${editor.name}`);
    expect(res.status).toBe(400);
  });
});

describe('password routes', () => {
  let gw: TestGateway;
  let editor: Client;
  beforeAll(async () => {
    gw = await startGateway();
    editor = await gw.signIn({ roles: ['editor', 'auditor'] });
  });
  afterAll(() => gw.close());

  it('creates a reset token returning {user, expiry, tokenId}; setting a password with it signs the user in', async () => {
    const { name } = await gw.createUser({ roles: ['access'] });
    const old = await gw.login(name);
    const token = await editor.post('/v1/webapi/users/password/token', { name, type: 'password' });
    expect(token.status).toBe(200);
    expect(Object.keys(token.body).sort()).toEqual(['expiry', 'tokenId', 'user']);
    expect(token.body.user).toBe(name);
    // A reset link lives eight hours.
    expect(Date.parse(token.body.expiry) - Date.now()).toBeGreaterThan(8 * 3600_000 - 60_000);
    expect(Date.parse(token.body.expiry) - Date.now()).toBeLessThanOrEqual(8 * 3600_000);
    // The reset signs the user out everywhere and removes the old password.
    expect((await old.get('/v1/webapi/user/status')).status).toBe(403);
    await expect(gw.login(name)).rejects.toThrow(/403/);

    const anon = gw.anonymous();
    expect((await anon.get(`/v1/webapi/users/password/token/${token.body.tokenId}`)).body).toEqual(token.body);
    const short = await anon.put('/v1/webapi/users/password/token', { token: token.body.tokenId, password: encode('short') });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe('body.password: the password must be 12 to 128 characters long');
    const plainText = await anon.put('/v1/webapi/users/password/token', { token: token.body.tokenId, password: 'not base64 at all!' });
    expect(plainText.body.error.message).toBe('body.password: must be the password encoded as base64 of its UTF-8 text');
    const set = await anon.put('/v1/webapi/users/password/token', { token: token.body.tokenId, password: encode('a brand new password') });
    expect(set.status).toBe(200);
    expect(anon.sessionSecret).toBeDefined();
    await expect(gw.login(name, 'a brand new password')).resolves.toBeDefined();
  });

  it('creates invite tokens valid for 24 hours and refuses the token route without the right', async () => {
    const { name } = await gw.createUser({ roles: ['access'] });
    const invite = await editor.post('/v1/webapi/users/password/token', { name, type: 'invite' });
    expect(Date.parse(invite.body.expiry) - Date.now()).toBeGreaterThan(24 * 3600_000 - 60_000);
    const plain = await gw.login(name);
    expect((await plain.post('/v1/webapi/users/password/token', { name, type: 'invite' })).status).toBe(403);
    expect((await editor.post('/v1/webapi/users/password/token', { name, type: 'magic' })).body.error.message).toMatch(/^body\.type: /);
    expect((await gw.anonymous().get('/v1/webapi/users/password/token/0000')).status).toBe(404);
  });

  it('changes a password only with the right old one, auditing both outcomes', async () => {
    const user = await gw.signIn({ roles: ['access'] });
    const wrong = await user.put('/v1/webapi/users/password', { old_password: encode('not my password'), new_password: encode('another long password') });
    expect(wrong.status).toBe(403);
    const ok = await user.put('/v1/webapi/users/password', { old_password: encode('correct horse battery staple'), new_password: encode('another long password') });
    expect(ok.status).toBe(200);
    await expect(gw.login(user.name, 'another long password')).resolves.toBeDefined();
    const events = await editor.get('/v1/webapi/sites/localhost/events/search?include=user.password_change&limit=50');
    const mine = events.body.events.filter((e: { user: string }) => e.user === user.name).map((e: { code: string }) => e.code);
    expect(mine).toEqual(['T1005I', 'T1005W']);
  });
});
