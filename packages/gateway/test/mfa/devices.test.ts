import type { AuthenticateChallengeJson } from '@portcullis/shared';
import { encode, engines, startGateway, type Client, type TestGateway } from '../harness';
import { eventsOf } from './audit';
import { addDevice, codeFor, invited, keyAnswer, loginWith, privilegeToken } from './enroll';
import { SoftKey } from './softKey';

describe.each(engines)('managing one’s devices on %s', (engine) => {
  let gw: TestGateway;
  const clock = { t: Date.parse('2026-03-02T09:00:00Z') };
  const nextStep = () => (clock.t += 30_000);
  beforeAll(async () => {
    gw = await startGateway({ engine, config: { auth: { secondFactor: 'on' } }, now: () => clock.t });
  });
  afterAll(() => gw.close());

  /** A signed-in user whose one device is an authenticator app. */
  const withApp = async () => {
    const { name, factor } = await invited(gw, { roles: ['access'], device: { type: 'totp' }, at: clock.t });
    const secret = (factor as { secret: string }).secret;
    nextStep();
    const client = await loginWith(gw, name, { secret }, { at: clock.t });
    nextStep();
    return { name, secret, client };
  };
  const removeDevice = (client: Client, token: string, device: string) => client.del(`/v1/webapi/mfa/token/${token}/devices/${encodeURIComponent(device)}`);

  it('re-authenticates for a privilege token, adds a key with it, then removes the app with another, each audited', async () => {
    const { name, secret, client } = await withApp();
    const token = await privilegeToken(gw, client, { secret }, { at: clock.t });
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    // It changes devices only: it is no reset link.
    expect((await gw.anonymous().get(`/v1/webapi/users/password/token/${token}`)).status).toBe(404);
    expect((await gw.anonymous().put('/v1/webapi/users/password/token', { token, password: encode('a long new password') })).status).toBe(404);
    const { key } = (await addDevice(gw, client, token, { type: 'key' }, 'yubikey', clock.t)) as { key: SoftKey };
    const listed = (await client.get('/v1/webapi/mfa/devices')).body;
    expect(listed.map((d: { name: string; type: string }) => [d.name, d.type])).toEqual([
      ['phone', 'TOTP'],
      ['yubikey', 'WebAuthn'],
    ]);
    // Adding spent the token.
    const again = await client.post('/v1/webapi/mfa/devices', { tokenId: token, deviceName: 'other', secondFactorToken: '123456' });
    expect([again.status, again.body.error.message]).toEqual([403, 'the privilege token is invalid or has expired (it lasts 5 minutes and is good for one change): confirm it is you again']);

    const second = await privilegeToken(gw, client, { key });
    expect((await gw.anonymous().get(`/v1/webapi/mfa/token/${second}/devices`)).body).toEqual(listed);
    expect((await removeDevice(client, second, 'phone')).status).toBe(200);
    expect((await client.get('/v1/webapi/mfa/devices')).body.map((d: { name: string }) => d.name)).toEqual(['yubikey']);
    expect((await removeDevice(client, second, 'yubikey')).status).toBe(403);

    const changes = (await eventsOf(gw, name)).filter((e) => ['T6002I', 'T1006I', 'T1007I'].includes(e.code)).map((e) => [e.code, e.mfa_device_name]);
    expect(changes).toEqual([
      ['T1006I', 'phone'],
      ['T6002I', undefined],
      ['T1006I', 'yubikey'],
      ['T6002I', undefined],
      ['T1007I', 'phone'],
    ]);
  });

  it('keeps the last device while a second factor is required, and refuses a name taken or a device unknown', async () => {
    const { secret, client } = await withApp();
    const token = await privilegeToken(gw, client, { secret }, { at: clock.t });
    const last = await removeDevice(client, token, 'phone');
    expect([last.status, last.body.error.message]).toEqual([409, '"phone" is your last second factor and this gateway requires one: add another device before removing it']);
    const unknown = await removeDevice(client, token, 'tablet');
    expect([unknown.status, unknown.body.error.message]).toEqual([404, 'you have no device named "tablet"']);
    const taken = await client.post(`/v1/webapi/mfa/token/${token}/registerchallenge`, { deviceType: 'totp' });
    const secretTaken = taken.body.totp.secret;
    const sameName = await client.post('/v1/webapi/mfa/devices', { tokenId: token, deviceName: 'phone', secondFactorToken: codeFor(secretTaken, clock.t) });
    expect([sameName.status, sameName.body.error.message]).toEqual([409, 'you already have a device named "phone": choose another name']);
    // Refusals left the token and its registration alone: the same answer under another name is taken.
    expect((await client.post('/v1/webapi/mfa/devices', { tokenId: token, deviceName: 'tablet', secondFactorToken: codeFor(secretTaken, clock.t) })).status).toBe(200);
  });

  it('asks a user with a device for it before a privilege token, which lasts 5 minutes', async () => {
    const { name, secret, client } = await withApp();
    const empty = await client.post('/v1/webapi/users/privilege/token', {});
    expect([empty.status, empty.body.error.message]).toEqual([400, 'confirm it is you first: enter a code from your authenticator app or tap your security key']);
    const wrong = await client.post('/v1/webapi/users/privilege/token', { secondFactorToken: codeFor(secret, clock.t, -3) });
    expect(wrong.status).toBe(403);
    expect((await eventsOf(gw, name)).at(-1)).toMatchObject({ code: 'T1016W', scope: 'reauth', error: wrong.body.error.message });

    const token = await privilegeToken(gw, client, { secret }, { at: clock.t });
    expect((await client.post(`/v1/webapi/mfa/token/${token}/registerchallenge`, { deviceType: 'webauthn' })).status).toBe(200);
    clock.t += 5 * 60_000;
    const late = await client.post(`/v1/webapi/mfa/token/${token}/registerchallenge`, { deviceType: 'webauthn' });
    expect([late.status, late.body.error.message]).toEqual([404, 'this token is invalid or has expired: open your invite or reset link again, or confirm it is you again to change your devices']);
  });

  it('challenges the devices of a reset link’s user for the page holding it, and lists them', async () => {
    const { name } = await withApp();
    const reset = await gw.server.users.createToken('test-harness', name, 'reset');
    const anon = gw.anonymous();
    expect((await anon.post(`/v1/webapi/mfa/token/${reset.value}/authenticatechallenge`)).body).toEqual({ totp_challenge: true });
    expect((await anon.get(`/v1/webapi/mfa/token/${reset.value}/devices`)).body.map((d: { name: string }) => d.name)).toEqual(['phone']);
    const invite = await gw.server.users.createToken('test-harness', name, 'invite');
    const refused = await anon.post(`/v1/webapi/mfa/token/${invite.value}/authenticatechallenge`);
    expect([refused.status, refused.body.error.message]).toEqual([404, 'this token is invalid or has expired: open your reset link again, or confirm it is you again']);
  });

  it('answers a challenge only for the purpose it was issued for', async () => {
    const { name, factor } = await invited(gw, { roles: ['access'], device: { type: 'key' }, at: clock.t });
    const { key } = factor as { key: SoftKey };
    const client = await loginWith(gw, name, { key });
    const forSession = (await client.post<AuthenticateChallengeJson>('/v1/webapi/mfa/authenticatechallenge', { scope: 'session' })).body;
    const refused = await client.post('/v1/webapi/users/privilege/token', { webauthnAssertionResponse: keyAnswer(gw, forSession, key) });
    expect([refused.status, refused.body.error.message]).toEqual([403, 'this answers a challenge for opening a session, not for confirming it is you: ask for a new challenge']);
    const noBody = await client.request('POST', '/v1/webapi/mfa/authenticatechallenge', undefined, { headers: { 'content-type': 'application/json' } });
    expect(noBody.body).toEqual({ totp_challenge: false, webauthn_challenge: { publicKey: expect.objectContaining({ allowCredentials: [{ id: key.credentialId, type: 'public-key', transports: ['usb'] }] }) } });
    expect((await client.post('/v1/webapi/mfa/authenticatechallenge', { scope: 'login' })).body.error.message).toMatch(/^body\.scope: /);
  });

  it('re-authenticates with the password before a challenge, and changes the password only with the second factor', async () => {
    const { name, secret, client } = await withApp();
    const wrongPassword = await client.post('/v1/webapi/mfa/authenticatechallenge/password', { pass: encode('not my password') });
    expect([wrongPassword.status, wrongPassword.body.error.message]).toEqual([403, 'the password is wrong']);
    const challenge = await client.post('/v1/webapi/mfa/authenticatechallenge/password', { pass: encode('correct horse battery staple') });
    expect(challenge.body).toEqual({ totp_challenge: true });

    const change = (body: object) => client.put('/v1/webapi/users/password', { old_password: encode('correct horse battery staple'), new_password: encode('another long password'), ...body });
    const bare = await change({});
    expect([bare.status, bare.body.error.message]).toEqual([400, 'confirm it is you: enter a code from your authenticator app or tap your security key']);
    const wrong = await change({ second_factor_token: codeFor(secret, clock.t, 3) });
    expect(wrong.status).toBe(403);
    expect((await change({ second_factor_token: codeFor(secret, clock.t) })).status).toBe(200);
    nextStep();
    await loginWith(gw, name, { secret }, { password: 'another long password', at: clock.t });
    const outcomes = (await eventsOf(gw, name)).filter((e) => e.event === 'user.password_change').map((e) => [e.code, e.error]);
    expect(outcomes.slice(-3)).toEqual([
      ['T1005W', bare.body.error.message],
      ['T1005W', wrong.body.error.message],
      ['T1005I', undefined],
    ]);
  });
});
