import type { RegisterChallengeJson } from '@portcullis/shared';
import { encode, engines, startGateway, type Client, type TestGateway } from '../harness';
import { codesOf, eventsOf } from './audit';
import { answerRegistration, codeFor, gatewayOrigin, invited, loginWith, loginWithPasskey } from './enroll';
import { SoftKey } from './softKey';

/** A new user with an invite, and a client holding only that. */
async function invitee(gw: TestGateway) {
  const name = `reg-${Math.random().toString(36).slice(2, 10)}`;
  await gw.server.users.create('test-harness', { name, roles: ['access'] });
  const invite = await gw.server.users.createToken('test-harness', name, 'invite');
  return { name, token: invite.value, anon: gw.anonymous() };
}

const registerChallenge = (client: Client, token: string, body: object) => client.post(`/v1/webapi/mfa/token/${token}/registerchallenge`, body);

describe.each(engines)('registering second factors on %s', (engine) => {
  let gw: TestGateway;
  const clock = { t: Date.parse('2026-03-02T09:00:00Z') };
  beforeAll(async () => {
    gw = await startGateway({ engine, config: { auth: { secondFactor: 'on' } }, now: () => clock.t });
  });
  afterAll(() => gw.close());

  it('registers an authenticator app at invite: a QR code and the secret as text, and its later codes sign the user in', async () => {
    const { name, token, anon } = await invitee(gw);
    const challenge = await registerChallenge(anon, token, { deviceType: 'totp' });
    expect(challenge.status).toBe(200);
    const { totp } = challenge.body as RegisterChallengeJson;
    expect(totp).toEqual({ qrCode: expect.stringMatching(/^iVBORw0KGgo/), account: `${name}@localhost`, secret: expect.stringMatching(/^[A-Z2-7]{32}$/) });
    expect(challenge.body.webauthn).toBeUndefined();

    const set = await anon.put('/v1/webapi/users/password/token', { token, password: encode('a long new password'), second_factor_token: codeFor(totp!.secret, clock.t), deviceName: 'phone' });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ recovery: { codes: [], createdDate: null }, privateKeyPolicyEnabled: false });
    expect(anon.sessionSecret).toBeDefined();

    // The code that registered the app was spent with it; the next one signs in, and the password alone does not.
    const pass = encode('a long new password');
    expect((await gw.anonymous().post('/v1/webapi/sessions/web', { user: name, pass, second_factor_token: codeFor(totp!.secret, clock.t) })).status).toBe(403);
    expect((await gw.anonymous().post('/v1/webapi/sessions/web', { user: name, pass })).status).toBe(403);
    const user = await loginWith(gw, name, { secret: totp!.secret }, { password: 'a long new password', at: clock.t, step: 1 });
    const devices = await user.get('/v1/webapi/mfa/devices');
    expect(devices.body).toEqual([{ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'phone', type: 'TOTP', addedAt: new Date(clock.t).toISOString(), lastUsed: new Date(clock.t).toISOString(), residentKey: false }]);
    const added = (await eventsOf(gw, name)).find((e) => e.code === 'T1006I');
    expect(added).toMatchObject({ event: 'mfa.add', user: name, mfa_device_name: 'phone', mfa_device_type: 'TOTP', mfa_device_uuid: devices.body[0].id });
  });

  it('registers a security key at invite, which then answers the challenge login begin issues after the password', async () => {
    const { name, factor } = await invited(gw, { roles: ['access'], device: { type: 'key' }, at: clock.t });
    const user = await loginWith(gw, name, factor);
    expect((await user.get('/v1/webapi/sites/localhost/context')).body.userName).toBe(name);
    const [device] = (await user.get('/v1/webapi/mfa/devices')).body;
    expect(device).toMatchObject({ name: 'key', type: 'WebAuthn', residentKey: false });
  });

  it('registers a passkey at invite without a password: the passkey alone signs in, naming its user by its user handle', async () => {
    const { name, factor, set } = await invited(gw, { roles: ['access'], password: '', device: { type: 'key', passwordless: true }, at: clock.t });
    expect(set.recovery.codes).toEqual([]);
    const row = await gw.server.store.users.get(name);
    expect(row!.passwordHash).toBeNull();
    const user = await loginWithPasskey(gw, (factor as { key: SoftKey }).key);
    expect((await user.get('/v1/webapi/sites/localhost/context')).body.userName).toBe(name);
    expect((await user.get('/v1/webapi/mfa/devices')).body[0]).toMatchObject({ type: 'WebAuthn', residentKey: true });
    const login = (await eventsOf(gw, name)).filter((e) => e.code === 'T1000I').at(-1);
    expect(login).toMatchObject({ method: 'passwordless', success: true });
  });

  it('refuses to set a password without a device when one is required, and an empty password without a passkey', async () => {
    const { token, anon } = await invitee(gw);
    const bare = await anon.put('/v1/webapi/users/password/token', { token, password: encode('a long new password') });
    expect(bare.status).toBe(400);
    expect(bare.body.error.message).toBe('this gateway requires a second factor: register an authenticator app or a security key along with your password');
    const { answer } = await answerRegistration(gw, anon, token, { type: 'totp' }, clock.t);
    const empty = await anon.put('/v1/webapi/users/password/token', { token, password: '', second_factor_token: answer!.secondFactorToken });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('enter a password, or register a passkey to sign in without one');
    // Neither spent the invite: it still works.
    expect((await anon.put('/v1/webapi/users/password/token', { token, password: encode('a long new password'), second_factor_token: answer!.secondFactorToken })).status).toBe(200);
  });

  it('lets a mistyped TOTP code be typed again, and audits each refusal', async () => {
    const { name, token, anon } = await invitee(gw);
    const { totp } = (await registerChallenge(anon, token, { deviceType: 'totp' })).body as RegisterChallengeJson;
    const put = (code: string) => anon.put('/v1/webapi/users/password/token', { token, password: encode('a long new password'), second_factor_token: code });
    const wrong = await put(codeFor(totp!.secret, clock.t, -3));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(
      "the code does not match the new secret: scan the QR code again (or type the secret), check that the device's clock is right, and enter the code it shows now",
    );
    const garbled = await put('12ab');
    expect(garbled.body.error.message).toBe('enter the 6-digit code your authenticator app shows for the new account');
    expect((await put(codeFor(totp!.secret, clock.t))).status).toBe(200);
    const failures = (await eventsOf(gw, name)).filter((e) => e.code === 'T1015W');
    expect(failures.map((e) => e.error)).toEqual([wrong.body.error.message, garbled.body.error.message]);
  });

  it('refuses a key registration for another origin, or RP id, a garbled one, a reused one and an expired one, each with a 4xx that says what to do', async () => {
    const { name, token, anon } = await invitee(gw);
    const start = async () => (await registerChallenge(anon, token, { deviceType: 'webauthn' })).body.webauthn!.publicKey;
    const put = (response: unknown) => anon.put('/v1/webapi/users/password/token', { token, password: encode('a long new password'), webauthnCreationResponse: response });
    const origin = gatewayOrigin(gw);

    const phished = await put(new SoftKey().create(await start(), { origin: 'https://portcullis.example.net' }));
    expect(phished.status).toBe(403);
    expect(phished.body.error.message).toBe(`the security key answered for https://portcullis.example.net, but this gateway is ${origin}: open the console at that address and try again`);

    const otherRp = await put(new SoftKey().create(await start(), { origin, rpId: 'example.net' }));
    expect(otherRp.status).toBe(403);
    expect(otherRp.body.error.message).toBe('the security key signed for another site than localhost (its RP id): use a key registered on this gateway');

    await start();
    const garbage = await put('garbage');
    expect(garbage.status).toBe(400);
    expect(garbage.body.error.message).toMatch(/^the security key's answer is malformed \(credential: .+\): try again, and if it keeps failing use another browser or key$/);

    const options = await start();
    const response = new SoftKey().create(options, { origin });
    const truncated = await put({ ...response, response: { ...response.response, attestationObject: response.response.attestationObject.slice(0, 40) } });
    expect(truncated.status).toBe(400);
    expect(truncated.body.error.message).toBe(
      "the security key's answer is malformed (authenticatorData: Authenticator data was 0 bytes, expected at least 37 bytes): try again, and if it keeps failing use another browser or key",
    );
    // That answer spent the challenge, so the untouched one is refused too: a registration is answered once.
    const reused = await put(response);
    expect(reused.status).toBe(400);
    expect(reused.body.error.message).toBe('no device registration is pending on this token, or it expired (after 5 minutes): start adding the device again');

    const late = new SoftKey().create(await start(), { origin });
    clock.t += 5 * 60_000;
    const expired = await put(late);
    expect(expired.status).toBe(400);
    expect(expired.body.error.message).toBe(reused.body.error.message);

    expect((await put(new SoftKey().create(await start(), { origin }))).status).toBe(200);
    expect(await codesOf(gw, name)).toEqual([...Array(6).fill('T1015W'), 'T1006I', 'T6003I', 'T1005I', 'T1000I']);
  });

  it('refuses registration challenges the configuration or the token cannot allow', async () => {
    const { token, anon } = await invitee(gw);
    const passwordlessApp = await registerChallenge(anon, token, { deviceType: 'totp', deviceUsage: 'passwordless' });
    expect(passwordlessApp.status).toBe(400);
    expect(passwordlessApp.body.error.message).toBe('only a security key or a device holding passkeys can sign in without a password: choose deviceType webauthn');
    const unknown = await registerChallenge(anon, 'no-such-token', { deviceType: 'totp' });
    expect(unknown.status).toBe(404);
    expect((await registerChallenge(anon, token, { deviceType: 'sms' })).body.error.message).toMatch(/^body\.deviceType: /);
  });
});
