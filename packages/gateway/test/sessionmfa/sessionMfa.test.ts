import { commandExecuteSocketUrl, encodeControl, type ControlMessage, type MfaResponseJson } from '@portcullis/shared';
import { engines, startGateway, type Client, type TestGateway } from '../harness';
import { totpCode } from '../mfa/totp';
import { auditEvents, createJoinToken, eventually, operatorRole, startAgent, TerminalClient } from '../servers/fixtures';
import { addKey, addTotp, keyAnswer, mfaConfig, originOf } from './devices';

// Real agents and login shells: more than jest's default 5 s.
jest.setTimeout(60_000);

const sessionMfaRole = `
kind: role
metadata: { name: session-mfa }
spec:
  options: { require_session_mfa: true }
`;

/** How long these gateways wait for an answer, so the test of a missing one finishes quickly. */
const answerTimeoutMs = 1500;

describe.each(engines)('per-session MFA on %s', (engine) => {
  let gw: TestGateway;
  let nodeId: string;
  let stopAgent: () => Promise<void>;
  const events = () => auditEvents(gw);
  const withMfa = () => gw.signIn({ roles: ['servers-operator', 'session-mfa'] });
  const terminal = (client: Client) => TerminalClient.open(gw, client, { server_id: nodeId, login: 'root', term: { w: 80, h: 24 } });
  const exec = (client: Client, command: string) =>
    TerminalClient.connect(gw, client, commandExecuteSocketUrl('', { clusterId: 'localhost', accessToken: client.session!.token, params: { server_id: nodeId, login: 'root', command } }));
  const challengeOf = (t: TerminalClient) =>
    eventually(async () => t.controls.find((c): c is Extract<ControlMessage, { type: 'mfa-challenge' }> => c.type === 'mfa-challenge'), 'the second-factor challenge');
  const answer = (t: TerminalClient, response: MfaResponseJson) => t.socket.send(encodeControl({ type: 'mfa-response', ...response }));
  const rejection = (user: string) => eventually(async () => (await events()).find((e) => e.code === 'T1006W' && e.user === user), 'the session.rejected event');

  beforeAll(async () => {
    gw = await startGateway({ engine, config: mfaConfig, resources: { sessionMfaTimeoutMs: answerTimeoutMs } });
    await gw.createRole(operatorRole);
    await gw.createRole(sessionMfaRole);
    const admin = await gw.signIn({ roles: ['servers-operator'] });
    const { agent, nodeId: id } = await startAgent(gw.url, await createJoinToken(admin), { hostname: 'mfa-node' });
    nodeId = id;
    stopAgent = () => agent.stop();
  });
  afterAll(async () => {
    await stopAgent();
    await gw.close();
  });

  test('a shell prints nothing until a tap on the key answers the challenge, then runs what was typed', async () => {
    const user = await withMfa();
    const key = await addKey(gw, user);
    const t = await terminal(user);
    t.type('echo typed-$((6*7))\r');
    const challenge = await challengeOf(t);
    expect(challenge).toMatchObject({ type: 'mfa-challenge', totp: false });
    // The key is asked to sign the challenge the gateway stored for this user's session, and nothing else.
    const issued = String(challenge.webauthn!.publicKey.challenge);
    const stored = await gw.server.store.db.selectFrom('mfa_challenges').select(['username', 'scope']).where('challenge', '=', issued).executeTakeFirst();
    expect(stored).toEqual({ username: user.name, scope: 'session' });
    expect([t.output, t.controls.filter((c) => c.type === 'session')]).toEqual(['', []]);
    answer(t, { webauthn_response: key.get(challenge.webauthn!.publicKey, { origin: originOf(gw) }) as never });
    await t.waitFor(/typed-42/);
    t.type('exit\r');
    await t.closed;
    expect((await events()).filter((e) => e.user === user.name && e.code === 'T2000I')).toHaveLength(1);
  });

  test('a command runs after a TOTP code; the same code again, or a wrong one, is refused and audited', async () => {
    const user = await withMfa();
    const secret = await addTotp(user);
    const code = totpCode(secret, Date.now());
    const first = await exec(user, 'echo ran-$((40+2))');
    expect(await challengeOf(first)).toEqual({ type: 'mfa-challenge', totp: true });
    answer(first, { totp_code: code });
    await first.closed;
    expect(first.output).toBe('ran-42\n');
    expect(first.controls).toContainEqual({ type: 'close', reason: 'shell exited', exitCode: 0 });

    const replayed = await exec(user, 'echo again');
    await challengeOf(replayed);
    answer(replayed, { totp_code: code });
    await replayed.closed;
    expect(replayed.output).toBe('');
    const replay = 'the second factor was not accepted: this code was used already: wait for the next one your authenticator app shows';
    expect(replayed.errors()).toEqual([`access denied to root@mfa-node: ${replay}`]);
    expect(await rejection(user.name)).toMatchObject({ login: 'root', server_id: nodeId, reason: replay });

    const wrong = await exec(user, 'echo wrong');
    await challengeOf(wrong);
    answer(wrong, { totp_code: code === '000000' ? '111111' : '000000' });
    await wrong.closed;
    expect(wrong.output).toBe('');
    expect(wrong.errors()).toEqual([expect.stringMatching(/^access denied to root@mfa-node: the second factor was not accepted: the code is wrong or has expired/)]);
    expect((await events()).filter((e) => e.code === 'T1006W' && e.user === user.name)).toHaveLength(2);
  });

  test('an assertion answering a challenge of another scope is refused', async () => {
    const user = await withMfa();
    const key = await addKey(gw, user);
    const reauth = await keyAnswer(gw, user, key, 'reauth');
    const t = await exec(user, 'echo never');
    await challengeOf(t);
    answer(t, reauth);
    await t.closed;
    expect(t.output).toBe('');
    expect(t.errors()).toEqual([expect.stringMatching(/^access denied to root@mfa-node: the second factor was not accepted: this answers a challenge for .+, not for .+: ask for a new challenge$/)]);
    await rejection(user.name);
  });

  test('no answer in time closes the session with the reason, audited', async () => {
    const user = await withMfa();
    await addKey(gw, user);
    const t = await terminal(user);
    await challengeOf(t);
    await t.closed;
    const reason = `no second factor was given within ${answerTimeoutMs / 1000} s`;
    expect(t.errors()).toEqual([`access denied to root@mfa-node: ${reason}`]);
    expect(await rejection(user.name)).toMatchObject({ reason, server_id: nodeId });
  });

  test('joining a running session asks the joiner for a second factor too', async () => {
    await gw.createRole(`
kind: role
metadata: { name: mfa-watcher }
spec:
  options: { require_session_mfa: true }
  allow:
    join_sessions: [{ name: watch, roles: ['*'], kinds: ['*'], modes: [observer] }]
    rules: [{ resources: [session_tracker], verbs: [list, read] }]
`);
    const owner = await gw.signIn({ roles: ['servers-operator'] });
    const shell = await terminal(owner);
    shell.type('echo owner-$((5+5))\r');
    await shell.waitFor(/owner-10/);
    const { session } = await eventually(async () => shell.controls.find((c): c is Extract<ControlMessage, { type: 'session' }> => c.type === 'session'), 'the session');
    const sid = session.id;
    const watcher = await gw.signIn({ roles: ['mfa-watcher'] });
    const key = await addKey(gw, watcher);
    const join = () => TerminalClient.open(gw, watcher, { server_id: nodeId, login: 'root', sid, mode: 'observer', term: { w: 80, h: 24 } });

    const refused = await join();
    answer(refused, await keyAnswer(gw, watcher, key, 'reauth'));
    await refused.closed;
    expect(refused.errors()).toEqual([expect.stringMatching(new RegExp(`^access denied to session ${sid}: the second factor was not accepted: `))]);
    expect(await rejection(watcher.name)).toMatchObject({ sid, login: 'root', server: 'mfa-node' });

    const joined = await join();
    const challenge = await challengeOf(joined);
    answer(joined, { webauthn_response: key.get(challenge.webauthn!.publicKey, { origin: originOf(gw) }) as never });
    await joined.waitFor(/owner-10/);
    shell.type('exit\r');
    await shell.closed;
  });

  test('a user the roles ask for a second factor who has no device is told how to add one', async () => {
    const user = await withMfa();
    const t = await exec(user, 'echo never');
    await t.closed;
    expect(t.controls.some((c) => c.type === 'mfa-challenge')).toBe(false);
    expect(t.errors()).toEqual([expect.stringContaining('you have no MFA device: add one in Account settings, Two-Factor Devices (/web/account/twofactor)')]);
    await rejection(user.name);
  });

  test('a session approved headless needs no further challenge', async () => {
    const user = await withMfa();
    const key = await addKey(gw, user);
    const cli = gw.anonymous();
    const request = (await cli.post('/v1/webapi/login/headless', { user: user.name })).body;
    expect((await user.put(`/v1/webapi/headless/${request.requestId}`, { action: 'accept', mfaResponse: await keyAnswer(gw, user, key, 'headless') })).status).toBe(200);
    const collected = await cli.post(`/v1/webapi/login/headless/${request.requestId}/session`, { secret: request.secret });
    expect(collected.status).toBe(200);
    cli.session = collected.body;
    expect((await cli.post('/v1/webapi/sites/localhost/mfa/required', { node: { node_name: nodeId, login: 'root' } })).body).toEqual({ required: false });
    const t = await exec(cli, 'echo headless-ok');
    await t.closed;
    expect(t.output).toBe('headless-ok\n');
    expect(t.controls.some((c) => c.type === 'mfa-challenge')).toBe(false);
  });

  test('/mfa/required answers per user, finds the node by id or hostname, and 404s a node out of sight', async () => {
    const user = await withMfa();
    const plain = await gw.signIn({ roles: ['servers-operator'] });
    const required = (client: Client, node_name: string) => client.post('/v1/webapi/sites/localhost/mfa/required', { node: { node_name, login: 'root' } });
    expect((await required(user, nodeId)).body).toEqual({ required: true });
    expect((await required(user, 'mfa-node')).body).toEqual({ required: true });
    expect((await required(plain, nodeId)).body).toEqual({ required: false });
    expect(await required(user, 'no-such-node')).toMatchObject({ status: 404, body: { error: { message: 'node no-such-node was not found or is offline' } } });
    const blind = await gw.signIn({ roles: ['session-mfa'] });
    expect((await required(blind, nodeId)).status).toBe(404);
    expect(await user.post('/v1/webapi/sites/localhost/mfa/required', { node: { login: 'root' } })).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('node.node_name') } } });
    expect(await user.post('/v1/webapi/sites/localhost/mfa/required', { kube: 'x' })).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('node: {node_name, login} is required') } } });
  });

  describe('file transfer', () => {
    const scp = (query: string) => `/v1/webapi/sites/localhost/nodes/${nodeId}/root/scp?location=${encodeURIComponent('/etc/hostname')}${query}`;
    const download = async (client: Client, query = '') => {
      const res = await fetch(`${gw.url}${scp(query)}`, { headers: { cookie: client.cookieHeader(), authorization: `Bearer ${client.session!.token}` } });
      return { status: res.status, text: await res.text() };
    };
    const withAnswer = (answer: MfaResponseJson) => `&webauthn=${encodeURIComponent(JSON.stringify(answer))}`;

    test('without an answer is a 403 saying how to give one; with a fresh one it goes through, once', async () => {
      const user = await withMfa();
      const key = await addKey(gw, user);
      const missing = await download(user);
      expect(missing.status).toBe(403);
      expect(JSON.parse(missing.text).error.message).toBe(
        'access denied to root@mfa-node: a second factor is required for every session, and none was given: answer a challenge of scope "session" (POST /v1/webapi/mfa/authenticatechallenge) and send the answer as the webauthn query parameter',
      );
      const answer = await keyAnswer(gw, user, key, 'session');
      const ok = await download(user, withAnswer(answer));
      expect(ok).toEqual({ status: 200, text: expect.stringMatching(/\S/) });
      const replayed = await download(user, withAnswer(answer));
      expect(replayed.status).toBe(403);
      expect(JSON.parse(replayed.text).error.message).toMatch(/^access denied to root@mfa-node: the second factor was not accepted: this challenge was answered already/);
      const refused = (await events()).filter((e) => e.code === 'T3010E' && e.user === user.name);
      expect(refused.map((e) => e.reason)).toEqual(['a second factor is required for every session, and none was given', expect.stringMatching(/^the second factor was not accepted: /)]);
    });

    test('an answer for another scope, or one that is not JSON, is refused', async () => {
      const user = await withMfa();
      const key = await addKey(gw, user);
      const reauth = await download(user, withAnswer(await keyAnswer(gw, user, key, 'reauth')));
      expect(reauth.status).toBe(403);
      const garbled = await download(user, '&webauthn=%7Bnot-json');
      expect(garbled.status).toBe(400);
      expect(JSON.parse(garbled.text).error.message).toMatch(/^query\.webauthn: /);
    });
  });
});
