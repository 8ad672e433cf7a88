import type { ChallengeScope, MfaResponseJson } from '@portcullis/shared';
import { engines, openTestStorage, testPasswordHashing } from '../../../test/harness';
import { HttpError } from '../../platform/access/errors';
import type { Identity } from '../../platform/access/identity';
import { parseConfig } from '../../platform/config/config';
import { PasswordHasher } from '../../platform/passwords/password';
import { emptyTraits } from '../../platform/storage/repos/users';
import type { Store } from '../../platform/storage/store';
import type { SecondFactor } from '../mfa/verifier';
import { RoleSet } from '../roles/roleset';
import { hashSecret } from '../websessions/secrets';
import { WebSessionService } from '../websessions/service';
import { headlessRepo } from './repo';
import { headlessRequestTtlMs, headlessSessionTtlMs, HeadlessService } from './service';

/** Accepts the code 123456 for the 'headless' scope, as a verifier would once; records what it was asked. */
function secondFactor(): SecondFactor & { asked: [string, ChallengeScope, MfaResponseJson][] } {
  const asked: [string, ChallengeScope, MfaResponseJson][] = [];
  return {
    asked,
    hasDevice: async () => true,
    challenge: async () => ({ totp_challenge: true }),
    verify: async (user, scope, answer) => {
      asked.push([user, scope, answer]);
      if (scope !== 'headless' || answer.totp_code !== '123456') throw new HttpError(400, 'invalid TOTP code');
      return { device: 'phone' };
    },
  };
}

describe.each(engines)('headless sign-in on %s', (engine) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let now: number;
  let mfa: ReturnType<typeof secondFactor>;
  let service: HeadlessService;
  const identity = (name: string) => ({ user: { name }, session: {}, roles: new RoleSet([], emptyTraits()) }) as unknown as Identity;
  const alice = identity('alice');
  const events = async () => (await store.events.search({ from: 0, to: now + 1000, limit: 100, order: 'asc' })).events.map((e) => e.data);
  const accept = { action: 'accept' as const, mfaResponse: { totp_code: '123456' } };

  beforeAll(async () => {
    ({ store, dispose } = await openTestStorage(engine));
    for (const name of ['alice', 'bob']) {
      await store.users.create({ name, roles: [], traits: emptyTraits(), authType: 'local', passwordHash: null, failedLogins: 0, lockedUntil: null, createdAt: 0 });
    }
  });
  afterAll(() => dispose());
  beforeEach(async () => {
    now = Date.parse('2026-03-01T10:00:00Z');
    mfa = secondFactor();
    const config = parseConfig({ auth: { passwordHashing: testPasswordHashing } });
    const clock = () => now;
    const publicUrl = () => 'https://gw.example.com';
    const webSessions = new WebSessionService(store, config, new PasswordHasher(config.auth.passwordHashing), clock);
    service = new HeadlessService(store, webSessions, mfa, clock, publicUrl);
    await store.db.deleteFrom('events').execute();
  });

  it('opens a request with the approval page’s address and a secret stored only hashed, audited', async () => {
    const login = await service.request('alice', '192.0.2.7');
    expect(login).toEqual({ requestId: login.requestId, url: `https://gw.example.com/web/headless/${login.requestId}`, secret: login.secret, expires: '2026-03-01T10:05:00.000Z' });
    const row = await headlessRepo(store).get(login.requestId);
    expect(row).toMatchObject({ username: 'alice', clientIp: '192.0.2.7', state: 'pending', secretHash: hashSecret(login.secret), expiresAt: now + headlessRequestTtlMs });
    expect(await events()).toEqual([expect.objectContaining({ code: 'T1011I', user: 'alice', request_id: login.requestId, remote_addr: '192.0.2.7' })]);
  });

  it('shows the request to its user only, and approving it with a second factor lets the command line collect a short MFA-verified session once', async () => {
    const login = await service.request('alice', '192.0.2.7');
    await expect(service.get(identity('bob'), login.requestId)).rejects.toMatchObject({ status: 404, message: `headless login request ${login.requestId} was not found` });
    expect(await service.get(alice, login.requestId)).toMatchObject({ id: login.requestId, username: 'alice', state: 'pending' });
    await service.decide(alice, login.requestId, accept, '198.51.100.1');
    expect(mfa.asked).toEqual([['alice', 'headless', { totp_code: '123456' }]]);

    const collected = await service.collect(login.requestId, login.secret, '192.0.2.7', { waitMs: 1000 });
    if (collected.state !== 'approved') throw new Error('expected a session');
    expect(collected.issued.session).toMatchObject({ username: 'alice', mfaVerified: true, expiresAt: now + headlessSessionTtlMs });
    expect((await events()).map((e) => [e.code, e.user, e.method ?? e.request_id])).toEqual([
      ['T1011I', 'alice', login.requestId],
      ['T1012I', 'alice', login.requestId],
      ['T1000I', 'alice', 'headless'],
    ]);
    // Collected once: the request is gone, so asking again issues nothing.
    expect(await service.collect(login.requestId, login.secret, '192.0.2.7', { waitMs: 10 })).toEqual({ state: 'pending' });
    expect(await store.db.selectFrom('web_sessions').select('username').where('username', '=', 'alice').execute()).toHaveLength(1);
  });

  it('refuses a wrong second factor, and a second approval of the same request, each audited', async () => {
    const login = await service.request('alice', '192.0.2.7');
    await expect(service.decide(alice, login.requestId, { action: 'accept', mfaResponse: { totp_code: '000000' } }, '198.51.100.1')).rejects.toMatchObject({ status: 400, message: 'invalid TOTP code' });
    expect((await service.get(alice, login.requestId)).state).toBe('pending');
    await service.decide(alice, login.requestId, accept, '198.51.100.1');
    await expect(service.decide(alice, login.requestId, accept, '198.51.100.1')).rejects.toMatchObject({ status: 409, message: `headless login request ${login.requestId} was already approved` });
    expect(mfa.asked).toHaveLength(2);
    const failures = (await events()).filter((e) => e.code === 'T1012W');
    expect(failures.map((e) => e.error)).toEqual(['invalid TOTP code', `headless login request ${login.requestId} was already approved`]);
  });

  it('a denied request is never collected, and the denial is audited', async () => {
    const login = await service.request('alice', '192.0.2.7');
    await service.decide(alice, login.requestId, { action: 'denied' }, '198.51.100.1');
    expect(mfa.asked).toEqual([]);
    await expect(service.collect(login.requestId, login.secret, '192.0.2.7', { waitMs: 1000 })).rejects.toMatchObject({ status: 403, message: `headless login request ${login.requestId} was rejected in the browser` });
    expect(await events()).toContainEqual(expect.objectContaining({ code: 'T1013W', user: 'alice', request_id: login.requestId, client_ip: '192.0.2.7' }));
  });

  it('refuses the wrong secret, audited as a failed login', async () => {
    const login = await service.request('alice', '192.0.2.7');
    await service.decide(alice, login.requestId, accept, '198.51.100.1');
    await expect(service.collect(login.requestId, 'guessed', '203.0.113.9', { waitMs: 1000 })).rejects.toMatchObject({ status: 403, message: `wrong secret for headless login request ${login.requestId}` });
    expect(await events()).toContainEqual(expect.objectContaining({ code: 'T1000W', user: 'alice', method: 'headless', 'addr.remote': '203.0.113.9' }));
  });

  it('an expired request can be neither decided nor collected', async () => {
    const login = await service.request('alice', '192.0.2.7');
    now += headlessRequestTtlMs;
    await expect(service.get(alice, login.requestId)).rejects.toMatchObject({ status: 410 });
    await expect(service.decide(alice, login.requestId, accept, '198.51.100.1')).rejects.toMatchObject({ status: 410, message: `headless login request ${login.requestId} has expired: run the command again for a new one` });
    expect(mfa.asked).toEqual([]);
    await expect(service.collect(login.requestId, login.secret, '192.0.2.7', { waitMs: 1000 })).rejects.toMatchObject({ status: 403, message: `headless login request ${login.requestId} expired before it was approved: run the command again` });
  });

  it('a collection waiting for the decision wakes when it is made, and answers pending when none comes', async () => {
    const login = await service.request('alice', '192.0.2.7');
    expect(await service.collect(login.requestId, login.secret, '192.0.2.7', { waitMs: 30 })).toEqual({ state: 'pending' });
    const waiting = service.collect(login.requestId, login.secret, '192.0.2.7', { waitMs: 60_000 });
    await service.decide(alice, login.requestId, accept, '198.51.100.1');
    await expect(waiting).resolves.toMatchObject({ state: 'approved' });
  });

  it('answers a request for a user who does not exist like any other, and it is never approved', async () => {
    const login = await service.request('nobody', '192.0.2.7');
    expect(login.url).toBe(`https://gw.example.com/web/headless/${login.requestId}`);
    expect(await headlessRepo(store).get(login.requestId)).toBeUndefined();
    expect(await service.collect(login.requestId, login.secret, '192.0.2.7', { waitMs: 30 })).toEqual({ state: 'pending' });
  });
});
