import type { AuthenticateChallengeJson } from '@portcullis/shared';
import { lockoutMs } from '../../src/management/websessions/lockout';
import { defaultPassword, encode, engines, startGateway, type Client, type TestGateway } from '../harness';
import { codesOf, eventsOf } from './audit';
import { codeFor, gatewayOrigin, invited, keyAnswer, loginWith, loginWithPasskey } from './enroll';
import { SoftKey } from './softKey';

const pass = encode(defaultPassword);

describe.each(engines)('signing in with a second factor on %s', (engine) => {
  let gw: TestGateway;
  const clock = { t: Date.parse('2026-03-02T09:00:00Z') };
  /** Moves to the next TOTP time step, so each test's codes are fresh. */
  const nextStep = () => (clock.t += 30_000);
  beforeAll(async () => {
    gw = await startGateway({ engine, config: { auth: { secondFactor: 'on' } }, now: () => clock.t });
  });
  afterAll(() => gw.close());

  const totpUser = async () => {
    const user = await invited(gw, { roles: ['access'], device: { type: 'totp' }, at: clock.t });
    nextStep();
    return { name: user.name, secret: (user.factor as { secret: string }).secret };
  };
  const keyUser = async (device: { passwordless?: boolean; key?: SoftKey } = {}) => {
    const key = device.key ?? new SoftKey();
    const user = await invited(gw, { roles: ['access'], device: { type: 'key', key, ...device }, at: clock.t });
    return { name: user.name, key };
  };
  const sessionsWeb = (name: string, code?: string) => gw.anonymous().post('/v1/webapi/sessions/web', { user: name, pass, ...(code !== undefined && { second_factor_token: code }) });
  const begin = async (client: Client, name: string) => (await client.post<AuthenticateChallengeJson>('/v1/webapi/mfa/login/begin', { user: name, pass })).body;
  const finish = (client: Client, name: string | undefined, response: unknown) =>
    client.post('/v1/webapi/mfa/login/finishsession', { ...(name && { user: name }), webauthnAssertionResponse: response });

  it('signs in with a TOTP code in /sessions/web; a replayed or out-of-window code is the generic 403, audited with the reason', async () => {
    const { name, secret } = await totpUser();
    const code = codeFor(secret, clock.t);
    const ok = await sessionsWeb(name, code);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ type: 'Bearer' });
    const before = (await eventsOf(gw, name)).length;
    const replayed = await sessionsWeb(name, code);
    const early = await sessionsWeb(name, codeFor(secret, clock.t, -2));
    const late = await sessionsWeb(name, codeFor(secret, clock.t, 2));
    const none = await sessionsWeb(name);
    for (const res of [replayed, early, late, none]) expect([res.status, res.body]).toEqual([403, { error: { message: 'invalid credentials' } }]);
    const refusals = (await eventsOf(gw, name)).slice(before);
    expect(refusals.map((e) => [e.code, e.method, e.error])).toEqual([
      ['T1000W', 'mfa', 'this code was used already: wait for the next one your authenticator app shows'],
      ['T1000W', 'mfa', "the code is wrong or has expired: enter the code your authenticator app shows now, and check that the device's clock is right"],
      ['T1000W', 'mfa', "the code is wrong or has expired: enter the code your authenticator app shows now, and check that the device's clock is right"],
      ['T1000W', 'mfa', 'answer with a code from your authenticator app or a tap on your security key'],
    ]);
    // The code of the step before still works (clock drift), if it comes after the last one used.
    nextStep();
    nextStep();
    expect((await sessionsWeb(name, codeFor(secret, clock.t, -1))).status).toBe(200);
  });

  it('refuses a user without a device when a second factor is required', async () => {
    const { name } = await gw.createUser({ roles: ['access'] });
    expect((await sessionsWeb(name)).status).toBe(403);
    expect((await eventsOf(gw, name)).at(-1)).toMatchObject({ code: 'T1000W', error: 'answer with a code from your authenticator app or a tap on your security key' });
    const begun = await gw.anonymous().post('/v1/webapi/mfa/login/begin', { user: name, pass });
    expect([begun.status, begun.body.error.message]).toEqual([400, 'you have no second-factor device: sign in with your password alone']);
  });

  it('signs in with a key: begin checks the password first, and its challenge names only the user’s keys', async () => {
    const { name, key } = await keyUser();
    const anon = gw.anonymous();
    expect((await anon.post('/v1/webapi/mfa/login/begin', { user: name, pass: encode('not the password') })).body).toEqual({ error: { message: 'invalid credentials' } });
    const challenge = await begin(anon, name);
    expect(challenge.totp_challenge).toBe(false);
    expect(challenge.webauthn_challenge!.publicKey).toMatchObject({ rpId: 'localhost', allowCredentials: [{ id: key.credentialId, type: 'public-key' }] });
    const done = await finish(anon, name, keyAnswer(gw, challenge, key));
    expect(done.status).toBe(200);
    expect(done.headers.getSetCookie().some((c) => c.startsWith('grv_session='))).toBe(true);
    anon.session = done.body;
    expect((await anon.get('/v1/webapi/user/status')).status).toBe(200);
  });

  it('refuses assertions for another origin or RP id, with a counter that did not move, for an expired or a reused challenge: each a 4xx that says what to do, audited', async () => {
    const { name, key } = await keyUser();
    const origin = gatewayOrigin(gw);
    const attempt = async (sign: (c: AuthenticateChallengeJson) => unknown) => {
      const anon = gw.anonymous();
      return finish(anon, name, sign(await begin(anon, name)));
    };
    const before = (await eventsOf(gw, name)).length;

    const phished = await attempt((c) => keyAnswer(gw, c, key, { origin: 'https://portcullis.example.net' }));
    expect([phished.status, phished.body.error.message]).toEqual([
      403,
      `the security key answered for https://portcullis.example.net, but this gateway is ${origin}: open the console at that address and try again`,
    ]);
    const otherRp = await attempt((c) => keyAnswer(gw, c, key, { rpId: 'example.net' }));
    expect([otherRp.status, otherRp.body.error.message]).toEqual([403, 'the security key signed for another site than localhost (its RP id): use a key registered on this gateway']);

    expect((await attempt((c) => keyAnswer(gw, c, key))).status).toBe(200);
    const cloned = await attempt((c) => keyAnswer(gw, c, key, { counter: key.counter }));
    expect([cloned.status, cloned.body.error.message]).toEqual([
      403,
      `the security key's signature counter did not move forward (${key.counter} after ${key.counter}), which betrays a cloned key: remove the key "key" and register it again`,
    ]);
    const backwards = await attempt((c) => keyAnswer(gw, c, key, { counter: 0 }));
    expect(backwards.body.error.message).toMatch(/^the security key's signature counter did not move forward \(0 after \d+\)/);

    const anon = gw.anonymous();
    const stale = await begin(anon, name);
    clock.t += 5 * 60_000;
    const expired = await finish(anon, name, keyAnswer(gw, stale, key));
    expect([expired.status, expired.body.error.message]).toEqual([403, 'the challenge expired (they last 5 minutes): ask for a new one']);

    const once = await begin(anon, name);
    expect((await finish(anon, name, keyAnswer(gw, once, key))).status).toBe(200);
    // Freshly signed, with a counter that moved on: only the challenge is spent.
    const reused = await finish(gw.anonymous(), name, keyAnswer(gw, once, key));
    expect([reused.status, reused.body.error.message]).toEqual([403, 'this challenge was answered already or was never issued (each is good for one answer): ask for a new one']);

    const refusals = (await eventsOf(gw, name)).slice(before).filter((e) => e.code === 'T1000W');
    expect(refusals.map((e) => e.error)).toEqual([phished, otherRp, cloned, backwards, expired, reused].map((r) => r.body.error.message));
  });

  it('refuses malformed credentials with a 400 naming what is wrong, audited, never a 500', async () => {
    const { key, name } = await keyUser();
    const anon = gw.anonymous();
    const good = keyAnswer(gw, await begin(anon, name), key);
    const malformed = [
      'garbage',
      { ...good, id: 5 },
      { ...good, type: 'password' },
      { ...good, response: { ...good.response, authenticatorData: good.response.authenticatorData.slice(0, 20) } },
      { ...good, response: { ...good.response, clientDataJSON: Buffer.from('{not json').toString('base64url') } },
      { ...good, response: { ...good.response, signature: 'not base64url!' } },
    ];
    const answers = [];
    // Each from a user of its own: five in a row would lock one out.
    for (const response of malformed) {
      const { name: user } = await keyUser();
      answers.push(await finish(gw.anonymous(), user, response));
      expect((await eventsOf(gw, user)).at(-1)).toMatchObject({ code: 'T1000W', error: answers.at(-1)!.body.error.message });
    }
    expect(answers.map((r) => r.status)).toEqual(Array(malformed.length).fill(400));
    expect(answers.map((r) => r.body.error.message.replace(/: try again, and if it keeps failing use another browser or key$/, ''))).toEqual([
      "the security key's answer is malformed (credential: Invalid input: expected object, received string)",
      "the security key's answer is malformed (credential.id: Invalid input: expected string, received number)",
      'the security key\'s answer is malformed (credential.type: Invalid input: expected "public-key")',
      "the security key's answer is malformed (authenticatorData: Authenticator data was 15 bytes, expected at least 37 bytes)",
      "the security key's answer is malformed (clientDataJSON is not JSON)",
      "the security key's answer is malformed (credential.response.signature: must be base64url)",
    ]);
    // The body itself must be JSON: that is refused before anyone is named.
    const notJson = await anon.request('POST', '/v1/webapi/mfa/login/finishsession', undefined, { rawBody: '{"user": ' });
    expect([notJson.status, notJson.body.error.message]).toEqual([400, expect.stringMatching(/^malformed JSON body/)]);
  });

  it('signs in passwordless with a passkey, and refuses a key that is not a passkey of this gateway', async () => {
    const { name, key } = await keyUser({ passwordless: true });
    const user = await loginWithPasskey(gw, key);
    expect((await user.get('/v1/webapi/sites/localhost/context')).body.userName).toBe(name);

    const anon = gw.anonymous();
    const challenge = (await anon.post<AuthenticateChallengeJson>('/v1/webapi/mfa/login/begin', { passwordless: true })).body;
    expect(challenge.webauthn_challenge!.publicKey).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(challenge.webauthn_challenge!.publicKey.allowCredentials).toBeUndefined();
    const stranger = new SoftKey();
    stranger.create({ challenge: 'x', rp: { id: 'localhost' }, user: { id: Buffer.from('nobody-here').toString('base64url') } }, { origin: gatewayOrigin(gw), residentKey: true });
    const refused = await finish(anon, undefined, keyAnswer(gw, challenge, stranger));
    expect([refused.status, refused.body.error.message]).toEqual([403, 'this passkey is not registered on this gateway: sign in with your user name and password, or use another passkey']);
    // A login challenge, issued after a password, cannot be spent on a passwordless sign-in.
    const { name: other, key: otherKey } = await keyUser();
    const forOther = await begin(anon, other);
    const crossed = await finish(anon, undefined, { ...keyAnswer(gw, forOther, otherKey), response: { ...keyAnswer(gw, forOther, otherKey).response, userHandle: Buffer.from(other).toString('base64url') } });
    expect([crossed.status, crossed.body.error.message]).toEqual([403, 'this answers a challenge for signing in, not for signing in with a passkey: ask for a new challenge']);
  });

  it('counts second-factor failures towards the lockout: 5 in a row lock the user for 30 minutes, whatever the next answer', async () => {
    const { name, secret } = await totpUser();
    for (let i = 0; i < 5; i++) expect((await sessionsWeb(name, '000000')).status).toBe(403);
    const locked = await sessionsWeb(name, codeFor(secret, clock.t));
    expect(locked.status).toBe(403);
    expect(await codesOf(gw, name, -7)).toEqual(['T1000W', 'T1000W', 'T1000W', 'T1000W', 'T1000W', 'T1014W', 'T1000W']);
    clock.t += lockoutMs;
    nextStep();
    expect((await sessionsWeb(name, codeFor(secret, clock.t))).status).toBe(200);
  });

  it('counts a signed-in user’s wrong answers too, and then refuses their answers unchecked, saying until when', async () => {
    const { name, key } = await keyUser();
    const user = await loginWith(gw, name, { key });
    const reauth = async (sign: (c: AuthenticateChallengeJson) => unknown) => {
      const challenge = (await user.post<AuthenticateChallengeJson>('/v1/webapi/mfa/authenticatechallenge', { scope: 'reauth' })).body;
      return user.post('/v1/webapi/users/privilege/token', { webauthnAssertionResponse: sign(challenge) });
    };
    for (let i = 0; i < 4; i++) expect((await reauth((c) => keyAnswer(gw, c, key, { rpId: 'example.net' }))).status).toBe(403);
    // A success in between ends the run.
    expect((await reauth((c) => keyAnswer(gw, c, key))).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await reauth((c) => keyAnswer(gw, c, key, { origin: 'https://portcullis.example.net' }))).status).toBe(403);
    const locked = await reauth((c) => keyAnswer(gw, c, key));
    expect([locked.status, locked.body.error.message]).toEqual([
      403,
      `too many failed attempts in a row: this account is locked until ${new Date(clock.t + lockoutMs).toISOString()}, or until an administrator resets its password`,
    ]);
    const failures = (await eventsOf(gw, name)).filter((e) => e.code === 'T1016W');
    expect(failures).toHaveLength(10);
    expect(failures[0]).toMatchObject({ event: 'mfa_auth_challenge.validate', scope: 'reauth', success: false });
    expect(failures.at(-1)).toMatchObject({ error: 'user is locked out' });
  });

  it('has no recovery codes to use when they are not enabled', async () => {
    const res = await gw.anonymous().post('/v1/webapi/recovery', { user: 'anyone', code: 'abcde-fghij' });
    expect([res.status, res.body.error.message]).toEqual([404, 'recovery codes are not enabled on this gateway: ask an administrator for a reset link']);
  });
});
