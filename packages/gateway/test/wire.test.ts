import { apiPaths, compilePath, eventQueryPath, recordingsQueryPath, type RawEvent } from '@portcullis/shared';
import { parseConfig } from '../src/platform/config/config';
import { defaultPassword, encode, startGateway, type Client, type TestGateway } from './harness';
import { createJoinToken, eventually, startAgent, TerminalClient } from './servers/fixtures';
import { codeFor, invited, loginWith } from './mfa/enroll';
import type { SoftKey } from './mfa/softKey';
import {
  auditEventJson,
  authenticateChallengeJson,
  eventPageJson,
  loginJson,
  mfaDeviceJson,
  pingJson,
  presetRoleJson,
  resetTokenJson,
  roleJson,
  sessionEndJson,
  setPasswordJson,
  totpRegisterChallengeJson,
  userContextJson,
  webauthnRegisterChallengeJson,
} from './wire';

// A real agent and a login shell for the session-end fixture: more than jest's default 5 s.
jest.setTimeout(60_000);

/** Lists nodes labelled env=test and opens them as root; manages users, roles and join tokens; reads the audit log and recordings. */
const fixtureRole = `kind: role
metadata: { name: fixture }
spec:
  allow:
    logins: [root]
    node_labels: { '*': '*' }
    rules: [{ resources: [user, role, token, node, event, session], verbs: ['*'] }]
`;

/** GET /events (newest first) or the recordings list, from the epoch to a minute ahead. */
const eventsPath = (limit: number) => eventQueryPath(apiPaths.events, { clusterId: 'localhost', from: new Date(0), to: new Date(Date.now() + 60_000), limit });
const recordingsPath = () => recordingsQueryPath(apiPaths.recordings, { clusterId: 'localhost', start: new Date(0), end: new Date(Date.now() + 60_000), limit: 10 });

/** Every audit event the gateway has written, as GET /events answers them. */
const auditLog = async (user: Client): Promise<RawEvent[]> => (await user.get(eventsPath(1000))).body.events;

describe('the console’s fixtures are what a running gateway answers', () => {
  let gw: TestGateway;
  let user: Client & { name: string };
  beforeAll(async () => {
    gw = await startGateway();
    await gw.createRole(fixtureRole);
    user = await gw.signIn({ roles: ['fixture'] });
  });
  afterAll(() => gw.close());

  it('matches GET /context and /ping for the same roles', async () => {
    const live = (await user.get('/v1/webapi/sites/localhost/context')).body;
    const fixture = userContextJson(['users', 'roles', 'tokens', 'nodes', 'events', 'recordedSessions'], user.name);
    expect({ ...live, cluster: { ...live.cluster, lastConnected: '', publicURL: '' } }).toEqual({ ...fixture, cluster: { ...fixture.cluster, lastConnected: '', publicURL: '' } });
    expect((await user.get('/v1/webapi/ping')).body).toEqual(pingJson());
  });

  it('matches the login answer for the same time and cookie secret', async () => {
    const { sessionTtl } = parseConfig({}).auth;
    const live = user.session!;
    expect(live).toEqual(loginJson(Date.parse(live.sessionExpires!) - sessionTtl, user.sessionSecret));
  });

  it('matches the roles list, a created role and the refusal of a malformed one', async () => {
    const roles = (await user.get(compilePath(apiPaths.roles))).body as { name: string }[];
    for (const name of ['access', 'auditor', 'editor']) expect(roles.find((r) => r.name === name)).toEqual(presetRoleJson(name));
    const yaml = "kind: role\nversion: v7\nmetadata:\n  name: wire-check\nspec:\n  allow:\n    logins: ['{{internal.logins}}']\n";
    expect((await user.post(compilePath(apiPaths.roles), { content: yaml })).body).toEqual(roleJson(yaml));
    const broken = 'kind: role\nversion: v7\nmetadata:\n  name: [broken\n';
    const refused = await user.post(compilePath(apiPaths.roles), { content: broken });
    expect(refused.status).toBe(400);
    expect(() => roleJson(broken)).toThrow(refused.body.error.message);
  });

  it('matches an invite token as created and as the invite page looks it up', async () => {
    await gw.server.users.create('test-harness', { name: 'invitee', roles: ['access'] });
    const created = (await user.post(apiPaths.passwordToken, { name: 'invitee', type: 'invite' })).body;
    const fixture = resetTokenJson('invitee', created.tokenId, created.expiry);
    expect(created).toEqual(fixture);
    expect((await user.get(compilePath(apiPaths.resetPasswordToken, { tokenId: created.tokenId }))).body).toEqual(fixture);
  });

  it('matches the audit events the gateway wrote, and the pages it answers with them', async () => {
    await gw.server.users.create(user.name, { name: 'carol', roles: ['access'] });
    const events = await auditLog(user);
    const created = events.find((e) => e.event === 'user.create' && e.name === 'carol')!;
    expect(created).toEqual(await auditEventJson('USER_CREATE', { user: user.name, name: 'carol', roles: ['access'] }, { time: created.time, uid: created.uid! }));
    const login = events.find((e) => e.event === 'user.login' && e.user === user.name)!;
    expect(login).toEqual(await auditEventJson('USER_LOCAL_LOGIN', { user: user.name, method: 'local', success: true, 'addr.remote': '127.0.0.1' }, { time: login.time, uid: login.uid! }));
    // A page that has more after it carries the cursor of its last event; the last page an empty one.
    const first = (await user.get(eventsPath(2))).body;
    expect(first.events).toEqual(events.slice(0, 2));
    expect(first).toEqual({ ...(await eventPageJson(first.events, true)), startKey: first.startKey });
    expect(first.startKey).not.toBe('');
    expect((await user.get(eventsPath(1000))).body).toEqual(await eventPageJson(events));
  });

  it('matches the session.end event of a real shell, in the audit log and the recordings list', async () => {
    const { agent, nodeId } = await startAgent(gw.url, await createJoinToken(user), { hostname: 'wire-node' });
    try {
      const t = await TerminalClient.open(gw, user, { server_id: nodeId, login: 'root', term: { w: 80, h: 24 } });
      await eventually(async () => t.controls.find((c) => c.type === 'session'), 'the session');
      t.type('exit\r');
      await t.closed;
      const end = await eventually(async () => (await auditLog(user)).find((e) => e.event === 'session.end'), 'the session end event');
      const node = { id: nodeId, hostname: 'wire-node', addr: end.server_addr as string };
      const fixture = await sessionEndJson(
        { sid: end.sid!, user: user.name, node, start: end.session_start as string, stop: end.session_stop as string },
        { time: end.time, uid: end.uid! },
      );
      expect(end).toEqual(fixture);
      expect((await user.get(recordingsPath())).body).toEqual(await eventPageJson([fixture]));
    } finally {
      await agent.stop();
    }
  });
});

/** A challenge or creation options answer with the random WebAuthn challenge of `like` in place of its own. */
const sameChallenge = <T extends { webauthn?: { publicKey: object }; webauthn_challenge?: { publicKey: object } }>(fixture: T, like: T): T => {
  const field = fixture.webauthn ? 'webauthn' : 'webauthn_challenge';
  const challenge = (like[field]!.publicKey as { challenge: string }).challenge;
  return { ...fixture, [field]: { publicKey: { ...fixture[field]!.publicKey, challenge } } };
};

describe('the second-factor fixtures are what a running gateway answers', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway({ config: { auth: { secondFactor: 'on', recoveryCodes: true } } });
  });
  afterAll(() => gw.close());

  it('matches the register challenges, the answer to setting a password and the device list', async () => {
    await gw.server.users.create('test-harness', { name: 'mfa-wire', roles: ['access'] });
    const invite = await gw.server.users.createToken('test-harness', 'mfa-wire', 'invite');
    const anon = gw.anonymous();
    const challenge = (body: object) => anon.post(compilePath(apiPaths.mfaRegisterChallengeWithToken, { tokenId: invite.value }), body);
    const passkey = (await challenge({ deviceType: 'webauthn', deviceUsage: 'passwordless' })).body;
    const publicUrl = gw.server.gw.publicUrl();
    expect(passkey).toEqual(sameChallenge(await webauthnRegisterChallengeJson('mfa-wire', { passwordless: true, publicUrl }), passkey));
    const key = (await challenge({ deviceType: 'webauthn' })).body;
    expect(key).toEqual(sameChallenge(await webauthnRegisterChallengeJson('mfa-wire', { publicUrl }), key));
    const app = (await challenge({ deviceType: 'totp' })).body;
    expect(app).toEqual(await totpRegisterChallengeJson('mfa-wire', app.totp.secret));

    const set = await anon.put(apiPaths.passwordToken, { token: invite.value, password: encode('a long new password'), second_factor_token: codeFor(app.totp.secret, Date.now()), deviceName: 'phone' });
    expect(set.body).toEqual(setPasswordJson(set.body.recovery.codes, set.body.recovery.createdDate));
    expect(set.body.recovery.codes).toHaveLength(3);
    const user = await loginWith(gw, 'mfa-wire', { secret: app.totp.secret }, { password: 'a long new password', step: 1 });
    const [device] = (await user.get(apiPaths.mfaDevices)).body;
    expect([device]).toEqual([mfaDeviceJson({ id: device.id, name: 'phone', type: 'totp', addedAt: device.addedAt, lastUsed: device.lastUsed })]);
    expect(await user.post(apiPaths.mfaAuthenticateChallenge, { scope: 'reauth' })).toMatchObject({ body: await authenticateChallengeJson({ totp: true }) });
  });

  it('matches the authenticate challenges of a key and of passwordless sign-in', async () => {
    const { name, factor } = await invited(gw, { roles: ['access'], device: { type: 'key' } });
    const { key } = factor as { key: SoftKey };
    const publicUrl = gw.server.gw.publicUrl();
    const begun = (await gw.anonymous().post(apiPaths.mfaLoginBegin, { user: name, pass: encode(defaultPassword) })).body;
    expect(begun).toEqual(sameChallenge(await authenticateChallengeJson({ credentialIds: [key.credentialId], publicUrl }), begun));
    const passwordless = (await gw.anonymous().post(apiPaths.mfaLoginBegin, { passwordless: true })).body;
    expect(passwordless).toEqual(sameChallenge(await authenticateChallengeJson({ passwordless: true, publicUrl }), passwordless));
    const user = await loginWith(gw, name, { key });
    const [device] = (await user.get(apiPaths.mfaDevices)).body;
    expect(device).toEqual(mfaDeviceJson({ id: device.id, name: 'key', type: 'webauthn', addedAt: device.addedAt, lastUsed: device.lastUsed }));
  });
});
