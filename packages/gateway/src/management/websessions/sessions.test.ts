import { userInfo } from 'node:os';
import { encode, engines, startGateway, type TestGateway } from '../../../test/harness';

describe.each(engines)('web sessions on %s', (engine) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway({ engine });
  });
  afterAll(() => gw.close());

  it('walks invite → set password → login → context → renew → logout → status 403', async () => {
    const invite = gw.server.adminInvite!;
    expect(invite).toMatch(/^[0-9a-f]{32}$/);
    const anon = gw.anonymous();
    const info = await anon.get(`/v1/webapi/users/password/token/${invite}`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ user: 'admin', tokenId: invite });

    const set = await anon.put('/v1/webapi/users/password/token', { token: invite, password: encode('a long admin password') });
    expect(set.status).toBe(200);
    // The token is spent.
    expect((await anon.get(`/v1/webapi/users/password/token/${invite}`)).status).toBe(404);

    const admin = await gw.login('admin', 'a long admin password');
    expect(admin.session).toMatchObject({ type: 'Bearer', sessionInactiveTimeout: 0 });
    expect(admin.session!.expires_in).toBeGreaterThan(7 * 3600);
    expect((await admin.get('/v1/webapi/user/status')).body).toEqual({ message: 'ok' });
    const context = await admin.get('/v1/webapi/sites/localhost/context');
    expect(context.body).toMatchObject({ userName: 'admin', userAcl: { users: { list: true }, roles: { edit: true }, events: { list: true }, nodes: { list: true, create: true, remove: true } } });
    // The first admin may log in to nodes as the gateway's own account, so the self-enrolled node offers a shell.
    const me = await admin.get('/v1/webapi/users');
    const adminJson = (me.body as { name: string; traits: { logins: string[] } }[]).find((u) => u.name === 'admin');
    expect(adminJson?.traits.logins).toEqual([userInfo().username]);

    const oldToken = admin.session!.token;
    const renewed = await admin.post('/v1/webapi/sessions/web/renew');
    expect(renewed.status).toBe(200);
    expect(renewed.body.token).not.toBe(oldToken);
    admin.session = renewed.body;
    expect((await admin.get('/v1/webapi/user/status')).status).toBe(200);

    expect((await admin.del('/v1/webapi/sessions/web')).status).toBe(200);
    expect((await admin.get('/v1/webapi/user/status')).status).toBe(403);
  });

  it('takes the console’s bodiless requests labelled application/json: renew, logout', async () => {
    const user = await gw.signIn({ roles: ['access'] });
    const asConsole = { 'content-type': 'application/json; charset=utf-8' };
    const renewed = await user.request('POST', '/v1/webapi/sessions/web/renew', undefined, { headers: asConsole });
    expect(renewed.status).toBe(200);
    user.session = renewed.body;
    const assume = await user.post('/v1/webapi/sessions/web/renew', { requestId: 'r1' });
    expect(assume.status).toBe(400);
    // Not an access request's id: refused before any lookup (test/accessrequests covers assuming one).
    expect(assume.body.error.message).toBe('body.requestId: requestId must be the id of an approved access request');
    expect((await user.request('DELETE', '/v1/webapi/sessions/web', undefined, { headers: asConsole })).status).toBe(200);
    expect((await user.get('/v1/webapi/user/status')).status).toBe(403);
  });

  it('answers every login failure with the same generic 403', async () => {
    const { name } = await gw.createUser({ roles: ['access'] });
    const anon = gw.anonymous();
    const wrongPassword = await anon.post('/v1/webapi/sessions/web', { user: name, pass: encode('not the password') });
    const noSuchUser = await anon.post('/v1/webapi/sessions/web', { user: 'nobody-here', pass: encode('not the password') });
    expect(wrongPassword.status).toBe(403);
    expect(noSuchUser.status).toBe(403);
    expect(wrongPassword.body).toEqual({ error: { message: 'invalid credentials' } });
    expect(noSuchUser.body).toEqual(wrongPassword.body);
  });
});
