import { terminalSocketPath, type LockJson } from '@portcullis/shared';
import { lockRepo } from '../../src/management/locks/repo';
import { hashSecret } from '../../src/management/websessions/secrets';
import { echoModule, echoResource } from '../core/echoKind';
import { encode, engines, defaultPassword, startGateway, type Client, type TestGateway } from '../harness';
import { eventually, TerminalClient } from '../servers/fixtures';
import { createLock, eventsWithCode, lockPath, locksPath, removeAllLocks } from './fixtures';

/** Echo users who may watch each other's sessions, and a role to lock some of them by. */
const roles = [
  `
kind: role
metadata: { name: lock-echo }
spec:
  allow:
    join_sessions: [{ name: watch, roles: ['*'], kinds: ['*'], modes: [observer] }]
`,
  'kind: role\nmetadata: { name: contractor }\nspec: {}\n',
];

const statusPath = '/v1/webapi/user/status';

describe.each(engines)('locks enforced on %s', (engine) => {
  let gw: TestGateway;
  let admin: Client & { name: string };
  /** Moves the gateway's clock forward, to let a lock expire without waiting. */
  let skew = 0;

  beforeAll(async () => {
    gw = await startGateway({ engine, now: () => Date.now() + skew, resources: { modules: [echoModule] } });
    for (const role of roles) await gw.createRole(role);
    admin = await gw.signIn({ roles: ['editor'] });
  });
  afterEach(() => removeAllLocks(admin));
  afterAll(() => gw.close());

  const echo = (client: Client, login = 'echoer') =>
    TerminalClient.connect(gw, client, `/v1/webapi/sites/localhost/echo/${echoResource.id}?access_token=${client.session!.token}&login=${login}&w=80&h=24`);
  const join = (client: Client, sid: string) =>
    TerminalClient.connect(gw, client, terminalSocketPath('localhost', client.session!.token, { server_id: echoResource.id, login: 'echoer', sid, mode: 'observer', term: { w: 80, h: 24 } }));
  const signInAgain = (name: string) => gw.anonymous().post('/v1/webapi/sessions/web', { user: name, pass: encode(defaultPassword) });
  const sessionIdOf = async (t: TerminalClient) => {
    const message = await eventually(async () => t.controls.find((c) => c.type === 'session'), 'the session message');
    return message.type === 'session' ? message.session.id : '';
  };

  it('a locked user cannot sign in, use their session, renew it or open a session; removing the lock restores all of it', async () => {
    const user = await gw.signIn({ roles: ['lock-echo'] });
    const lock = await createLock(admin, { targets: { user: user.name }, message: 'on leave until Monday' });

    expect(await signInAgain(user.name)).toMatchObject({ status: 403, body: { error: { message: 'on leave until Monday' } } });
    expect(await user.get(statusPath)).toMatchObject({ status: 403, body: { error: { message: 'on leave until Monday' } } });
    expect(await user.post('/v1/webapi/sessions/web/renew', {})).toMatchObject({ status: 403, body: { error: { message: 'on leave until Monday' } } });
    await expect(echo(user)).rejects.toThrow('Unexpected server response: 403');
    expect((await eventsWithCode(gw, 'T1000W')).filter((e) => e.user === user.name)).toEqual([
      expect.objectContaining({ user: user.name, method: 'local', error: 'on leave until Monday', success: false }),
    ]);
    // Someone else is not affected.
    const other = await gw.signIn({ roles: ['lock-echo'] });
    expect((await other.get(statusPath)).status).toBe(200);

    await admin.del(lockPath(lock.name));
    expect((await user.get(statusPath)).status).toBe(200);
    expect((await signInAgain(user.name)).status).toBe(200);
    const t = await echo(user);
    await t.waitFor(/echo ready/);
    t.close();
  });

  it('a lock on a role, without a message, refuses its holders with a sentence naming the role', async () => {
    const holder = await gw.signIn({ roles: ['lock-echo', 'contractor'] });
    const other = await gw.signIn({ roles: ['lock-echo'] });
    await createLock(admin, { targets: { role: 'contractor' } });
    expect(await holder.get(statusPath)).toMatchObject({ status: 403, body: { error: { message: 'role contractor is locked' } } });
    expect(await signInAgain(holder.name)).toMatchObject({ status: 403, body: { error: { message: 'role contractor is locked' } } });
    expect((await other.get(statusPath)).status).toBe(200);
  });

  it('a lock on a login refuses sessions as that login in the terminal, audited, and nothing else', async () => {
    const user = await gw.signIn({ roles: ['lock-echo'] });
    await createLock(admin, { targets: { login: 'echoer' }, message: 'echoing is paused' });
    expect((await user.get(statusPath)).status).toBe(200);
    const t = await echo(user);
    await t.closed;
    expect(t.errors()).toEqual(['access denied to echoer@echo-one: echoing is paused']);
    const rejected = await eventually(async () => (await eventsWithCode(gw, 'T1006W')).find((e) => e.user === user.name), 'the rejection event');
    expect(rejected).toMatchObject({ login: 'echoer', server: 'echo-one', reason: 'echoing is paused' });
  });

  it('a lock on both a user and a login applies only to that pair', async () => {
    const user = await gw.signIn({ roles: ['lock-echo'] });
    await createLock(admin, { targets: { user: user.name, login: 'echoer' } });
    expect((await user.get(statusPath)).status).toBe(200);
    const t = await echo(user);
    await t.closed;
    expect(t.errors()).toEqual([`access denied to echoer@echo-one: user ${user.name} with login echoer is locked`]);
  });

  it('a lock on an access request refuses the web sessions that assumed it', async () => {
    const user = await gw.signIn({ roles: ['lock-echo'] });
    const plain = await gw.login(user.name);
    // Assuming requests is another part of this issue: the session row says it assumed request-42.
    await gw.server.store.db.updateTable('web_sessions').set({ access_request_ids: '["request-42"]' }).where('id_hash', '=', hashSecret(user.sessionSecret!)).execute();
    await createLock(admin, { targets: { access_request: 'request-42' }, message: 'request 42 was granted by mistake' });
    expect(await user.get(statusPath)).toMatchObject({ status: 403, body: { error: { message: 'request 42 was granted by mistake' } } });
    expect((await plain.get(statusPath)).status).toBe(200);
  });

  it('ends a live session within a second of the lock, with the message in its terminal, and audits the end', async () => {
    const user = await gw.signIn({ roles: ['lock-echo'] });
    const t = await echo(user);
    await t.waitFor(/echo ready/);
    const sid = await sessionIdOf(t);
    const locked = Date.now();
    await createLock(admin, { targets: { user: user.name }, message: 'security review in progress' });
    await t.closed;
    expect(Date.now() - locked).toBeLessThan(1000);
    expect(t.errors()).toEqual(['security review in progress']);
    expect(t.controls).toContainEqual({ type: 'close', reason: 'security review in progress' });
    const end = await eventually(async () => (await eventsWithCode(gw, 'T2004I')).find((e) => e.sid === sid), 'the session end event');
    expect(end).toMatchObject({ user: user.name, error: 'security review in progress' });
  });

  it('removes a locked joiner from a session that goes on', async () => {
    const owner = await gw.signIn({ roles: ['lock-echo'] });
    const watcher = await gw.signIn({ roles: ['lock-echo'] });
    const t = await echo(owner);
    await t.waitFor(/echo ready/);
    const sid = await sessionIdOf(t);
    const w = await join(watcher, sid);
    await w.waitFor(/echo ready/);
    await createLock(admin, { targets: { user: watcher.name }, message: 'watching is over' });
    await w.closed;
    expect(w.errors()).toEqual(['watching is over']);
    t.type('still here');
    await t.waitFor(/STILL HERE/);
    // Locked as a whole, the watcher cannot come back at all.
    await expect(join(watcher, sid)).rejects.toThrow('Unexpected server response: 403');
    t.close();
  });

  it('refuses a joiner a lock covers on this session only (user and login), in the terminal and audited', async () => {
    const owner = await gw.signIn({ roles: ['lock-echo'] });
    const watcher = await gw.signIn({ roles: ['lock-echo'] });
    const t = await echo(owner);
    await t.waitFor(/echo ready/);
    const sid = await sessionIdOf(t);
    await createLock(admin, { targets: { user: watcher.name, login: 'echoer' } });
    const w = await join(watcher, sid);
    await w.closed;
    expect(w.errors()).toEqual([`access denied to session ${sid}: user ${watcher.name} with login echoer is locked`]);
    const rejected = await eventually(async () => (await eventsWithCode(gw, 'T1006W')).find((e) => e.user === watcher.name), 'the rejection event');
    expect(rejected).toMatchObject({ sid, login: 'echoer', reason: `user ${watcher.name} with login echoer is locked` });
    t.close();
  });

  it('ends a session for a lock another gateway wrote to the shared database, by the next poll', async () => {
    const user = await gw.signIn({ roles: ['lock-echo'] });
    const t = await echo(user);
    await t.waitFor(/echo ready/);
    const now = Date.now() + skew;
    await lockRepo(gw.server.store).insert({ name: '00000000-0000-4000-8000-000000000042', targets: { user: user.name }, message: 'locked elsewhere', expiresAt: null, createdAt: now, createdBy: 'other-gateway' });
    const written = Date.now();
    await t.closed;
    expect(Date.now() - written).toBeLessThan(1500);
    expect(t.errors()).toEqual(['locked elsewhere']);
  });

  it('a lock with a ttl stops applying by itself when it expires', async () => {
    const user = await gw.signIn({ roles: ['lock-echo'] });
    const lock = await createLock(admin, { targets: { user: user.name }, message: 'for a minute', ttl: '1m' });
    expect(lock.expires).toBe(new Date(Date.parse(lock.createdAt) + 60_000).toISOString());
    expect((await user.get(statusPath)).status).toBe(403);
    skew += 61_000;
    expect((await user.get(statusPath)).status).toBe(200);
    expect((await admin.get<LockJson[]>(locksPath)).body).toEqual([]);
  });
});
