import { encodeControl, makeRecording } from '@portcullis/shared';
import type { Agent } from '../../src/agent/agent';
import type { Client, TestGateway } from '../harness';
import { createJoinToken, eventually, startAgent, startServersGateway, TerminalClient } from '../servers/fixtures';

jest.setTimeout(60_000);

const joinerRole = (name: string, modes: string[]) => `
kind: role
metadata: { name: ${name} }
spec:
  allow:
    join_sessions: [{ name: joins, roles: [servers-operator, unrecorded], kinds: [ssh], modes: [${modes.join(', ')}] }]
    rules: [{ resources: [session_tracker, session], verbs: [list, read] }]
`;

const unrecordedRole = `
kind: role
metadata: { name: unrecorded }
spec:
  options: { record_session: { default: 'off' } }
  allow: { logins: [root], node_labels: { env: test } }
`;

describe('live sessions: listing, joining, recording', () => {
  let gw: TestGateway;
  let owner: Client & { name: string };
  let observer: Client & { name: string };
  let peer: Client & { name: string };
  let moderator: Client & { name: string };
  let outsider: Client & { name: string };
  let agent: Agent;
  let node: string;

  beforeAll(async () => {
    ({ gw, admin: owner } = await startServersGateway());
    ({ agent, nodeId: node } = await startAgent(gw.url, await createJoinToken(owner)));
    await gw.createRole(joinerRole('watch', ['observer']));
    await gw.createRole(joinerRole('pair', ['observer', 'peer']));
    await gw.createRole(joinerRole('moderate', ['observer', 'peer', 'moderator']));
    await gw.createRole(unrecordedRole);
    observer = await gw.signIn({ roles: ['watch'] });
    peer = await gw.signIn({ roles: ['pair'] });
    moderator = await gw.signIn({ roles: ['moderate'] });
    outsider = await gw.signIn({ roles: ['servers-operator'] });
  });
  afterAll(async () => {
    await agent.stop();
    await gw.close();
  });

  const open = async (client: Client) => {
    const t = await TerminalClient.open(gw, client, { server_id: node, login: 'root', term: { w: 90, h: 25 } });
    const session = await eventually(async () => t.controls.find((c) => c.type === 'session'), 'the session message');
    return { t, sid: session.type === 'session' ? session.session.id : '' };
  };
  const join = (client: Client, sid: string, mode?: 'observer' | 'peer' | 'moderator') =>
    TerminalClient.open(gw, client, { server_id: node, login: 'root', sid, term: { w: 90, h: 25 }, ...(mode ? { mode } : {}) });
  const events = async (sid: string) =>
    (await gw.server.store.events.search({ from: 0, to: Date.now() + 1000, limit: 1000, order: 'asc' })).events.map((e) => e.data).filter((e) => e.sid === sid);

  /** The session's row in Session Recordings (its session-end event), once written. */
  const recordingRow = (sid: string) =>
    eventually(async () => {
      const res = await observer.get('/v1/webapi/sites/localhost/events/search/sessions');
      return (res.body.events as { sid: string }[]).find((e) => e.sid === sid);
    }, 'the recordings row');

  test('lists the session with its parties and the modes each caller may join in', async () => {
    const { t, sid } = await open(owner);
    const listed = await observer.get('/v1/webapi/sites/localhost/sessions');
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toContainEqual(
      expect.objectContaining({ kind: 'ssh', id: sid, login: 'root', server_id: node, terminal_params: { w: 90, h: 25 }, parties: [expect.objectContaining({ user: owner.name })], participantModes: ['observer'] }),
    );
    expect((await moderator.get(`/v1/webapi/sites/localhost/sessions/${sid}`)).body.sessions[0].participantModes).toEqual(['observer', 'peer', 'moderator']);
    expect((await owner.get('/v1/webapi/sites/localhost/sessions')).status).toBe(403);
    expect((await gw.anonymous().get('/v1/webapi/sites/localhost/sessions')).status).toBe(403);
    expect((await observer.get('/v1/webapi/sites/localhost/sessions/no-such')).status).toBe(404);
    t.type('exit\r');
    await t.closed;
  });

  test('an observer sees the screen and the output but cannot type; a peer can; both are announced and audited', async () => {
    const { t, sid } = await open(owner);
    t.type('echo before-$((6*7))\r');
    await t.waitFor(/before-42/);
    const watching = await join(observer, sid, 'observer');
    await watching.waitFor(/before-42/);
    await t.waitFor(new RegExp(`${observer.name} joined the session as observer`));
    watching.type('echo observer-typed\r');
    const pairing = await join(peer, sid, 'peer');
    pairing.type('echo peer-$((2*21))\r');
    await t.waitFor(/peer-42/);
    await watching.waitFor(/peer-42/);
    expect(t.output).not.toContain('observer-typed');
    watching.close();
    await t.waitFor(new RegExp(`${observer.name} left the session`));
    t.type('exit\r');
    await t.closed;
    await pairing.closed;
    await eventually(async () => (await events(sid)).some((e) => e.code === 'T2004I'), 'the session end');
    const audit = await events(sid);
    expect(audit.map((e) => e.code)).toEqual(expect.arrayContaining(['T2000I', 'T2001I', 'T2003I', 'T2004I']));
    expect(audit.find((e) => e.code === 'T2001I' && e.user === observer.name)).toMatchObject({ participant_mode: 'observer' });
    expect(audit.find((e) => e.code === 'T2004I')).toMatchObject({ participants: [owner.name, observer.name, peer.name], session_recording: 'on' });
  });

  test('joining in a mode the roles do not grant, or with no join rule at all, is refused', async () => {
    const { t, sid } = await open(owner);
    const asPeer = await join(observer, sid, 'peer');
    await asPeer.closed;
    expect(asPeer.errors()).toEqual([`your roles allow joining session ${sid} only as observer`]);
    const stranger = await join(outsider, sid);
    await stranger.closed;
    expect(stranger.errors()).toEqual([`your roles do not allow joining session ${sid}: none of your roles (servers-operator) has a join_sessions rule`]);
    t.type('exit\r');
    await t.closed;
  });

  test('a moderator can end the session for everyone', async () => {
    const { t, sid } = await open(owner);
    const mod = await join(moderator, sid, 'moderator');
    await t.waitFor(/joined the session as moderator/);
    mod.socket.send(encodeControl({ type: 'close', reason: 'ending it' }));
    await t.closed;
    await mod.closed;
    expect(mod.controls).toContainEqual({ type: 'close', reason: 'the session ended' });
  });

  test('the ended session is in Session Recordings and its recording plays back the same output', async () => {
    const { t, sid } = await open(owner);
    t.type('echo recorded-$((40+2))\r');
    await t.waitFor(/recorded-42/);
    t.socket.send(encodeControl({ type: 'resize', w: 120, h: 40 }));
    t.type('exit\r');
    await t.closed;
    const row = await recordingRow(sid);
    expect(makeRecording(row as never)).toMatchObject({ sid, description: 'play', playable: true, recordingType: 'ssh', users: owner.name });

    const base = `/v1/webapi/sites/localhost/sessions/${sid}/recording`;
    const summary = await eventually(async () => {
      const res = await observer.get(base);
      return res.body.complete ? res.body : undefined;
    }, 'the finished recording');
    expect(summary).toMatchObject({ sid, cols: 90, rows: 25, complete: true });
    expect(await events(sid)).toContainEqual(expect.objectContaining({ code: 'T2012I', user: observer.name }));
    const { body: page } = await observer.get(`${base}/events?from=0&limit=10000`);
    expect(page.events).toContainEqual(expect.objectContaining({ kind: 'resize', cols: 120, rows: 40 }));
    const stream = await fetch(`${gw.url}${base}/stream?offset=0&bytes=${summary.bytes}`, { headers: { authorization: `Bearer ${observer.session!.token}`, cookie: observer.cookieHeader() } });
    expect(stream.headers.get('content-type')).toBe('application/octet-stream');
    expect(await stream.text()).toContain('recorded-42');

    expect((await outsider.get(base)).status).toBe(403);
    expect((await gw.anonymous().get(`${base}/events`)).status).toBe(403);
    expect((await observer.get(`${base}/stream?offset=-1`)).body.error.message).toBe('query.offset: must not be negative');
    expect((await observer.get(`/v1/webapi/sites/localhost/sessions/bad..id/recording`)).status).toBe(400);
  });

  test('a role with recording off produces no recording and the row reads recording disabled', async () => {
    const unrecorded = await gw.signIn({ roles: ['unrecorded'] });
    const { t, sid } = await open(unrecorded);
    t.type('echo not-recorded\r');
    await t.waitFor(/not-recorded\r\n/);
    const watching = await join(moderator, sid, 'observer');
    await watching.waitFor(/not-recorded/);
    t.type('exit\r');
    await t.closed;
    const row = await recordingRow(sid);
    expect(row).toMatchObject({ session_recording: 'off' });
    expect(makeRecording(row as never)).toMatchObject({ description: 'recording disabled', playable: false });
    expect((await observer.get(`/v1/webapi/sites/localhost/sessions/${sid}/recording`)).status).toBe(404);
  });
});
