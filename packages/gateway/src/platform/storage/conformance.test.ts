import { engines, openTestStorage } from '../../../test/harness';
import { insertEvents, makeEvents } from '../../../test/factories';
import { mfaRepo, type MfaDevice } from '../../management/mfa/repo';
import { presetRoles } from '../../management/roles/presets';
import { openStorage } from './open';
import { emptyTraits, type User } from './repos/users';
import type { Store } from './store';

const user = (name: string, over: Partial<User> = {}): User => ({
  name,
  roles: ['access'],
  traits: { ...emptyTraits(), logins: ['root'] },
  authType: 'local',
  passwordHash: null,
  failedLogins: 0,
  lockedUntil: null,
  createdAt: 1_700_000_000_000,
  ...over,
});

/** The storage contract, run unchanged against each engine. */
describe.each(engines)('storage conformance on %s', (engine) => {
  let store: Store;
  let options: { dataDir: string; db?: string };
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ store, options, dispose } = await openTestStorage(engine));
  });
  afterAll(() => dispose());

  it('reports its engine and migrates idempotently when opened again', async () => {
    expect(store.engine).toBe(engine);
    const again = await openStorage(options);
    await again.close();
  });

  it('creates, reads, updates, lists and deletes users with their roles and traits', async () => {
    await store.users.create(user('bob', { traits: { ...emptyTraits(), kubeGroups: ['dev'] } }));
    await store.users.create(user('alice'));
    expect(await store.users.get('bob')).toEqual(user('bob', { traits: { ...emptyTraits(), kubeGroups: ['dev'] } }));
    expect((await store.users.list()).map((u) => u.name)).toEqual(['alice', 'bob']);
    expect(await store.users.count()).toBe(2);
    await store.users.update('bob', { roles: ['editor'], passwordHash: 'h', lockedUntil: 5 });
    expect(await store.users.get('bob')).toMatchObject({ roles: ['editor'], passwordHash: 'h', lockedUntil: 5 });
    await store.users.update('bob', { lockedUntil: null });
    expect((await store.users.get('bob'))!.lockedUntil).toBeNull();
    // Matched by message: the driver's error class may come from another jest realm, failing instanceof Error.
    await expect(store.users.create(user('bob'))).rejects.toHaveProperty('message', expect.stringMatching(/UNIQUE constraint|duplicate key/));
    expect(await store.users.delete('bob')).toBe(true);
    expect(await store.users.delete('bob')).toBe(false);
    expect(await store.users.get('bob')).toBeUndefined();
  });

  it('counts failed logins atomically under concurrency', async () => {
    await store.users.create(user('carol'));
    await Promise.all(Array.from({ length: 10 }, () => store.users.addFailedLogin('carol')));
    expect((await store.users.get('carol'))!.failedLogins).toBe(10);
    expect(await store.users.addFailedLogin('carol')).toBe(11);
  });

  it('keeps tokens and sessions by hash and drops them with their user', async () => {
    await store.users.create(user('dan'));
    await store.userTokens.create({ idHash: 't1', username: 'dan', kind: 'invite', expiresAt: 10, createdAt: 1 });
    await store.webSessions.create({ idHash: 's1', username: 'dan', loginTime: 1, createdAt: 1, expiresAt: 100, lastActive: 1, mfaVerified: false, accessRequestIds: [] });
    await store.webSessions.create({ idHash: 's2', username: 'dan', loginTime: 1, createdAt: 1, expiresAt: 5, lastActive: 1, mfaVerified: true, accessRequestIds: ['r1'] });
    expect(await store.userTokens.get('t1')).toEqual({ idHash: 't1', username: 'dan', kind: 'invite', expiresAt: 10, createdAt: 1 });
    expect((await store.webSessions.get('s2'))!.accessRequestIds).toEqual(['r1']);
    await store.webSessions.touch('s1', 50);
    expect((await store.webSessions.get('s1'))!.lastActive).toBe(50);
    await store.users.create(user('ivy'));
    await store.webSessions.create({ idHash: 's3', username: 'ivy', loginTime: 2, createdAt: 2, expiresAt: 100, lastActive: 2, mfaVerified: false, accessRequestIds: [] });
    expect((await store.webSessions.forUsers(['dan', 'nobody'])).map((s) => s.idHash).sort()).toEqual(['s1', 's2']);
    expect(await store.webSessions.forUsers([])).toEqual([]);
    await store.users.delete('ivy');
    await store.webSessions.deleteExpired(6);
    expect(await store.webSessions.get('s2')).toBeUndefined();
    await store.users.delete('dan');
    expect(await store.userTokens.get('t1')).toBeUndefined();
    expect(await store.webSessions.get('s1')).toBeUndefined();
  });

  it('keeps second-factor devices and spends each TOTP step, signature counter, challenge and recovery code once', async () => {
    const mfa = mfaRepo(store);
    await store.users.create(user('mia'));
    const app: MfaDevice = { id: 'd1', username: 'mia', name: 'phone', type: 'totp', totpSecret: 'JBSWY3DPEHPK3PXP', totpLastStep: null, credentialId: null, publicKey: null, signCount: 0, transports: [], residentKey: false, addedAt: 1, lastUsed: 1 };
    const key: MfaDevice = { ...app, id: 'd2', name: 'key', type: 'webauthn', totpSecret: null, credentialId: 'cred-1', publicKey: 'pk', transports: ['usb'], residentKey: true, addedAt: 2, lastUsed: 2 };
    await mfa.addDevice(app);
    await mfa.addDevice(key);
    expect(await mfa.devices('mia')).toEqual([app, key]);
    expect(await mfa.deviceByCredential('cred-1')).toEqual(key);
    await expect(mfa.addDevice({ ...app, id: 'd3' })).rejects.toHaveProperty('message', expect.stringMatching(/UNIQUE constraint|duplicate key/));

    // Of concurrent uses of one TOTP step exactly one wins; an earlier step never does.
    const uses = await Promise.all(Array.from({ length: 5 }, () => mfa.useTotpStep('d1', 100, 7)));
    expect(uses.filter(Boolean)).toHaveLength(1);
    expect([await mfa.useTotpStep('d1', 99, 8), await mfa.useTotpStep('d1', 101, 9)]).toEqual([false, true]);
    expect(await mfa.device('mia', 'phone')).toMatchObject({ totpLastStep: 101, lastUsed: 9 });
    // A key that keeps no counter stays at 0; one that does must count up.
    expect([await mfa.useSignCount('d2', 0, 10), await mfa.useSignCount('d2', 3, 11), await mfa.useSignCount('d2', 3, 12), await mfa.useSignCount('d2', 0, 13)]).toEqual([true, true, false, false]);
    expect(await mfa.device('mia', 'key')).toMatchObject({ signCount: 3, lastUsed: 11 });

    const challenge = { challenge: 'c1', username: 'mia', scope: 'reauth', token_hash: null, data: '{}', expires_at: 100, created_at: 50 };
    await mfa.putChallenge(challenge);
    await mfa.putChallenge({ ...challenge, challenge: 'c2', scope: 'register', token_hash: 'th', created_at: 60 });
    const taken = await Promise.all([mfa.takeChallenge('c1'), mfa.takeChallenge('c1')]);
    expect(taken.filter(Boolean)).toEqual([challenge]);
    expect(await mfa.pendingRegistration('th')).toMatchObject({ challenge: 'c2', scope: 'register' });
    await mfa.dropRegistration('th');
    expect(await mfa.pendingRegistration('th')).toBeUndefined();
    // Storing a challenge sweeps the expired ones.
    await mfa.putChallenge({ ...challenge, challenge: 'c3', expires_at: 150 });
    await mfa.putChallenge({ ...challenge, challenge: 'c4', created_at: 200, expires_at: 300 });
    expect(await mfa.takeChallenge('c3')).toBeUndefined();

    await mfa.replaceRecoveryCodes('mia', ['h1', 'h2'], 5);
    expect([await mfa.useRecoveryCode('mia', 'h1', 6), await mfa.useRecoveryCode('mia', 'h1', 7), await mfa.useRecoveryCode('dan', 'h2', 7)]).toEqual([true, false, false]);
    await mfa.replaceRecoveryCodes('mia', ['h3'], 8);
    expect(await mfa.useRecoveryCode('mia', 'h2', 9)).toBe(false);

    expect((await mfa.deleteDevices('mia')).map((d) => d.name).sort()).toEqual(['key', 'phone']);
    await mfa.addDevice(app);
    await store.users.delete('mia');
    expect(await mfa.devices('mia')).toEqual([]);
    expect(await mfa.takeChallenge('c4')).toBeUndefined();
  });

  it('stores roles as resources, with the YAML they were written in', async () => {
    const role = presetRoles[0]!;
    await store.roles.create(role, null, 1);
    expect((await store.roles.get(role.metadata.name))!.role).toEqual(role);
    expect(await store.roles.getMany([role.metadata.name, 'missing'])).toEqual([role]);
    const source = '# as written\nkind: role\n';
    expect(await store.roles.update(role, source, 2)).toBe(true);
    expect(await store.roles.get(role.metadata.name)).toMatchObject({ role, source, updatedAt: 2 });
    expect(await store.roles.update({ ...role, metadata: { ...role.metadata, name: 'missing' } }, null, 2)).toBe(false);
    expect(await store.roles.delete(role.metadata.name)).toBe(true);
  });

  it('upserts meta values', async () => {
    await store.meta.set('k', 'one');
    await store.meta.set('k', 'two');
    expect(await store.meta.get('k')).toBe('two');
    expect(await store.meta.get('absent')).toBeUndefined();
  });

  it('rolls back every write of a failed transaction, the change and its event together', async () => {
    await expect(
      store.transaction(async (tx) => {
        await tx.users.create(user('eve'));
        await tx.events.insert({ time: 1, type: 'user.create', code: 'T1002I', username: 'x', data: { code: 'T1002I', event: 'user.create', time: '1970-01-01T00:00:00.001Z', name: 'eve' } });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await store.users.get('eve')).toBeUndefined();
    const page = await store.events.search({ from: 0, to: 2, limit: 10, order: 'asc' });
    expect(page.events).toEqual([]);
  });

  it('pages events by (time, id) in both orders, filtering by time range and type', async () => {
    await insertEvents(store, makeEvents(50, { start: 1000, stepMs: 10, perTime: 3 }));
    const asc = await store.events.search({ from: 0, to: 10_000, limit: 20, order: 'asc' });
    expect(asc.events.map((e) => e.data.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const next = await store.events.search({ from: 0, to: 10_000, limit: 100, order: 'asc', after: asc.next });
    expect(next.events.map((e) => e.data.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 20));
    expect(next.next).toBeUndefined();
    const desc = await store.events.search({ from: 1000, to: 1010, limit: 100, order: 'desc' });
    expect(desc.events.map((e) => e.data.seq)).toEqual([5, 4, 3, 2, 1, 0]);
    const logins = await store.events.search({ from: 0, to: 10_000, limit: 100, order: 'asc', types: ['user.login'] });
    expect(logins.events.every((e) => e.data.event === 'user.login')).toBe(true);
    expect(logins.events).toHaveLength(13);
  });
});
