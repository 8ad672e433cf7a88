import type { AuthenticateChallengeJson } from '@portcullis/shared';
import { encode, defaultPassword, engines, startGateway, type Client, type TestGateway } from '../harness';
import { codeFor, invited, keyAnswer, loginWith } from '../mfa/enroll';
import { createLock, eventsWithCode, lockPath } from './fixtures';

describe.each(engines)('a lock on a second-factor device, on %s', (engine) => {
  let gw: TestGateway;
  let admin: Client & { name: string };

  beforeAll(async () => {
    gw = await startGateway({ engine, config: { auth: { secondFactor: 'on' } } });
    const { name, factor } = await invited(gw, { roles: ['editor'], device: { type: 'key' } });
    admin = Object.assign(await loginWith(gw, name, factor), { name });
  });
  afterAll(() => gw.close());

  const deviceOf = async (name: string) => (await gw.server.gw.mfa.repo.devices(name))[0]!;

  it('a locked security key answers no sign-in challenge; removing the lock lets it sign in', async () => {
    const user = await invited(gw, { roles: ['editor'], device: { type: 'key' } });
    const key = 'key' in user.factor ? user.factor.key : undefined;
    const lock = await createLock(admin, { targets: { mfa_device: (await deviceOf(user.name)).id }, message: 'this key was reported lost' });

    const client = gw.anonymous();
    const challenge = await client.post<AuthenticateChallengeJson>('/v1/webapi/mfa/login/begin', { user: user.name, pass: encode(defaultPassword) });
    expect(challenge.status).toBe(200);
    const finish = await client.post('/v1/webapi/mfa/login/finishsession', { user: user.name, webauthnAssertionResponse: keyAnswer(gw, challenge.body, key!) });
    expect(finish).toMatchObject({ status: 403, body: { error: { message: 'this key was reported lost' } } });
    expect((await eventsWithCode(gw, 'T1000W')).filter((e) => e.user === user.name)).toEqual([expect.objectContaining({ method: 'mfa', error: 'this key was reported lost', success: false })]);

    await admin.del(lockPath(lock.name));
    const signedIn = await loginWith(gw, user.name, user.factor);
    expect((await signedIn.get('/v1/webapi/user/status')).status).toBe(200);
  });

  it('a locked authenticator app gives no valid code: the sign-in fails as any wrong answer does, the lock is in the audit', async () => {
    const user = await invited(gw, { roles: ['editor'], device: { type: 'totp' } });
    const secret = 'secret' in user.factor ? user.factor.secret : '';
    await createLock(admin, { targets: { mfa_device: (await deviceOf(user.name)).id }, message: 'phone replaced' });
    // The invite spent the current step's code; the next step's is the first the app can still give.
    const res = await gw.anonymous().post('/v1/webapi/sessions/web', { user: user.name, pass: encode(defaultPassword), second_factor_token: codeFor(secret, Date.now(), 1) });
    expect(res).toMatchObject({ status: 403, body: { error: { message: 'invalid credentials' } } });
    expect((await eventsWithCode(gw, 'T1000W')).filter((e) => e.user === user.name)).toEqual([expect.objectContaining({ method: 'mfa', error: 'phone replaced', success: false })]);
  });
});
