import { makeRecording } from '@portcullis/shared';
import { startGateway, type Client, type TestGateway } from '../harness';
import { eventually, TerminalClient } from '../servers/fixtures';
import { echoModule, echoResource } from './echoKind';

const watcherRole = `
kind: role
metadata: { name: echo-watcher }
spec:
  allow:
    join_sessions: [{ name: all, roles: ['*'], kinds: ['*'], modes: [observer] }]
    rules: [{ resources: [session_tracker, session, event], verbs: [list, read] }]
`;

describe('a resource kind is a folder: a test-only kind registered through the public interface', () => {
  let gw: TestGateway;
  let user: Client & { name: string };
  beforeAll(async () => {
    gw = await startGateway({ resources: { modules: [echoModule] } });
    await gw.createRole(watcherRole);
    user = await gw.signIn({ roles: ['echo-watcher'] });
  });
  afterAll(() => gw.close());

  const open = (login: string) => TerminalClient.connect(gw, user, `/v1/webapi/sites/localhost/echo/${echoResource.id}?access_token=${user.session!.token}&login=${login}&w=100&h=30`);
  const eventsOf = async (sid: string) =>
    (await gw.server.store.events.search({ from: 0, to: Date.now() + 1000, limit: 1000, order: 'asc' })).events.map((e) => e.data).filter((e) => e.sid === sid);

  it('opens a session on it that is tracked, joinable, recorded and audited, start to end', async () => {
    const t = await open('echoer');
    await t.waitFor(/echo ready/);
    const session = await eventually(async () => t.controls.find((c) => c.type === 'session'), 'the session message');
    const sid = session.type === 'session' ? session.session.id : '';
    expect(session).toMatchObject({ session: { kind: 'app', login: 'echoer', server_id: 'echo-1', server_hostname: 'echo-one', terminal_params: { w: 100, h: 30 } } });

    const listed = await user.get('/v1/webapi/sites/localhost/sessions');
    expect(listed.body.sessions).toEqual([expect.objectContaining({ kind: 'app', id: sid, owner: user.name, participantModes: ['observer'] })]);

    t.type('hello core\r');
    await t.waitFor(/HELLO CORE/);
    t.type('exit\r');
    await t.closed;
    expect(t.controls).toContainEqual({ type: 'close', reason: 'shell exited', exitCode: 0 });

    await eventually(async () => (await eventsOf(sid)).some((e) => e.code === 'T2004I'), 'the session end event');
    const audit = await eventsOf(sid);
    expect(audit.map((e) => e.code)).toEqual(['T2000I', 'T2004I']);
    expect(audit[0]).toMatchObject({ user: user.name, login: 'echoer', app_name: 'echo-one', interactive: true, size: '100:30' });
    expect(audit[1]).toMatchObject({ user: user.name, participants: [user.name], session_recording: 'on', exit_code: 0 });
    expect((await user.get('/v1/webapi/sites/localhost/sessions')).body.sessions).toEqual([]);

    const base = `/v1/webapi/sites/localhost/sessions/${sid}/recording`;
    const summary = await eventually(async () => {
      const res = await user.get(base);
      return res.body.complete ? res.body : undefined;
    }, 'the finished recording');
    expect(summary).toMatchObject({ sid, cols: 100, rows: 30, complete: true });
    const stream = await fetch(`${gw.url}${base}/stream?offset=0&bytes=${summary.bytes}`, { headers: { authorization: `Bearer ${user.session!.token}`, cookie: user.cookieHeader() } });
    expect(await stream.text()).toBe('echo ready\r\nHELLO CORE\rEXIT\r');
    const row = (await user.get('/v1/webapi/sites/localhost/events/search/sessions')).body.events.find((e: { sid: string }) => e.sid === sid);
    expect(makeRecording(row)).toMatchObject({ sid, playable: true, description: 'play' });
  });

  it('delivers the output of one turn of the event loop as one message, in order', async () => {
    const t = await open('echoer');
    await t.waitFor(/echo ready/);
    t.type('burst\r');
    await t.waitFor(/three/);
    expect(t.outputMessages.at(-1)).toBe('BURST\rone two three');
    t.type('exit\r');
    await t.closed;
  });

  it('refuses a login the kind does not allow, in the socket and in the audit log', async () => {
    const t = await open('root');
    await t.closed;
    expect(t.errors()).toEqual(['access denied to root@echo-one: login "root" may not echo']);
    const rejected = await eventually(
      async () => (await gw.server.store.events.search({ from: 0, to: Date.now() + 1000, limit: 1000, order: 'asc' })).events.map((e) => e.data).find((e) => e.code === 'T1006W'),
      'the rejection event',
    );
    expect(rejected).toMatchObject({ user: user.name, login: 'root', server: 'echo-one', app_name: 'echo-one', reason: 'login "root" may not echo' });
  });
});
