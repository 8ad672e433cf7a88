import type { SetPasswordJson } from '@portcullis/shared';
import { hashRecoveryCode } from '../../src/management/mfa/recovery';
import { encode, engines, startGateway, type TestGateway } from '../harness';
import { codesOf, eventsOf } from './audit';
import { addDevice, answerRegistration, invited, loginWith, privilegeToken } from './enroll';
import type { SoftKey } from './softKey';

describe.each(engines)('optional second factors and recovery codes on %s', (engine) => {
  let gw: TestGateway;
  const clock = { t: Date.parse('2026-03-02T09:00:00Z') };
  beforeAll(async () => {
    gw = await startGateway({ engine, config: { auth: { secondFactor: 'optional', recoveryCodes: true } }, now: () => clock.t });
  });
  afterAll(() => gw.close());

  const storedCodes = (name: string) => gw.server.store.db.selectFrom('recovery_codes').selectAll().where('username', '=', name).orderBy('code_hash').execute();

  it('issues three recovery codes with the password, shown once and stored hashed; a user adds a first device with nothing to re-authenticate with', async () => {
    const name = 'rita';
    await gw.server.users.create('test-harness', { name, roles: ['access'] });
    const invite = await gw.server.users.createToken('test-harness', name, 'invite');
    const set = await gw.anonymous().put<SetPasswordJson>('/v1/webapi/users/password/token', { token: invite.value, password: encode('a long new password') });
    expect(set.status).toBe(200);
    const { codes } = set.body.recovery;
    expect(set.body).toEqual({ recovery: { codes, createdDate: new Date(clock.t).toISOString() }, privateKeyPolicyEnabled: false });
    expect(codes.filter((c) => /^([a-hjkmnp-z2-9]{5}-){3}[a-hjkmnp-z2-9]{5}$/.test(c))).toHaveLength(3);
    expect(new Set(codes).size).toBe(3);
    const stored = await storedCodes(name);
    expect(stored.map((r) => r.code_hash).sort()).toEqual(codes.map(hashRecoveryCode).sort());
    expect(JSON.stringify(stored)).not.toContain(codes[0]);
    expect(await codesOf(gw, name)).toContain('T1008I');

    // Without a device the password alone signs in, and re-authenticating needs nothing more.
    const plain = gw.anonymous();
    plain.session = (await plain.post('/v1/webapi/sessions/web', { user: name, pass: encode('a long new password') })).body;
    const token = await privilegeToken(gw, plain);
    const { secret } = (await addDevice(gw, plain, token, { type: 'totp' }, 'phone', clock.t)) as { secret: string };
    // Having a device, the user now needs it.
    expect((await gw.anonymous().post('/v1/webapi/sessions/web', { user: name, pass: encode('a long new password') })).status).toBe(403);
    clock.t += 30_000;
    await loginWith(gw, name, { secret }, { password: 'a long new password', at: clock.t });
  });

  it('trades a recovery code for a reset link, which sets a new password and a new device in place of the old ones', async () => {
    const { name, set } = await invited(gw, { roles: ['access'], device: { type: 'totp' }, at: clock.t });
    const [code] = set.recovery.codes;
    const before = (await eventsOf(gw, name)).length;
    const anon = gw.anonymous();
    // Retyped in capitals, with spaces for dashes.
    const recovered = await anon.post('/v1/webapi/recovery', { user: name, code: code!.toUpperCase().replace(/-/g, ' ') });
    expect(recovered.status).toBe(200);
    expect(recovered.body).toEqual({ user: name, tokenId: expect.stringMatching(/^[0-9a-f]{32}$/), expiry: new Date(clock.t + 8 * 3_600_000).toISOString() });
    expect((await anon.get(`/v1/webapi/users/password/token/${recovered.body.tokenId}`)).body).toEqual(recovered.body);

    const registration = await answerRegistration(gw, anon, recovered.body.tokenId, { type: 'key' }, clock.t);
    const reset = await anon.put<SetPasswordJson>('/v1/webapi/users/password/token', { token: recovered.body.tokenId, password: encode('a fresh long password'), webauthnCreationResponse: registration.response, deviceName: 'new key' });
    expect(reset.status).toBe(200);
    expect(reset.body.recovery.codes).toHaveLength(3);
    expect(reset.body.recovery.codes).not.toContain(code);

    const client = await loginWith(gw, name, { key: (registration.factor as { key: SoftKey }).key }, { password: 'a fresh long password' });
    expect((await client.get('/v1/webapi/mfa/devices')).body.map((d: { name: string }) => d.name)).toEqual(['new key']);
    expect(await codesOf(gw, name, before)).toEqual(['T1009I', 'T6000I', 'T1007I', 'T1006I', 'T6003I', 'T1005I', 'T1008I', 'T1000I', 'T1000I']);
    expect((await eventsOf(gw, name)).find((e) => e.code === 'T1007I')).toMatchObject({ mfa_device_name: 'phone', mfa_device_type: 'TOTP' });

    // The old codes went with the reset, and each was good once anyway.
    const reused = await anon.post('/v1/webapi/recovery', { user: name, code });
    expect([reused.status, reused.body.error.message]).toEqual([403, 'the user name or recovery code is wrong, or the code was used already: check them, or ask an administrator for a reset link']);
  });

  it('counts wrong recovery codes towards the lockout and answers an unknown user the same way', async () => {
    const { name, set } = await invited(gw, { roles: ['access'], device: { type: 'totp' }, at: clock.t });
    const anon = gw.anonymous();
    const attempts = [];
    for (let i = 0; i < 5; i++) attempts.push(await anon.post('/v1/webapi/recovery', { user: name, code: 'aaaaa-bbbbb-ccccc-ddddd' }));
    attempts.push(await anon.post('/v1/webapi/recovery', { user: name, code: set.recovery.codes[1] }));
    attempts.push(await anon.post('/v1/webapi/recovery', { user: 'nobody-at-all', code: set.recovery.codes[1] }));
    expect(new Set(attempts.map((a) => `${a.status} ${a.body.error.message}`))).toEqual(
      new Set(['403 the user name or recovery code is wrong, or the code was used already: check them, or ask an administrator for a reset link']),
    );
    expect(await codesOf(gw, name, -7)).toEqual([...Array(5).fill('T1009W'), 'T1014W', 'T1009W']);
    expect((await eventsOf(gw, name)).at(-1)).toMatchObject({ error: 'user is locked out' });
    // The code refused while locked out was not spent.
    expect((await storedCodes(name)).filter((r) => r.used_at !== null)).toEqual([]);
  });
});
