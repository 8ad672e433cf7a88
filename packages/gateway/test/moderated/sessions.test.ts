import { engines, startGateway, type Client, type TestGateway } from '../harness';
import { echoModule, echoResource } from '../core/echoKind';
import { eventually, TerminalClient } from '../servers/fixtures';
import { auditOf, joinSession, moderatedRole, moderatorRole, occurrences, sendControl, sessionIdOf } from './fixtures';

jest.setTimeout(30_000);

const waiting = (policy: string) => `[waiting for 1 moderator to join: policy ${policy}]`;

describe.each(engines)('moderated sessions (%s)', (engine) => {
  let gw: TestGateway;
  let owner: Client & { name: string };
  let strictOwner: Client & { name: string };
  let moderator: Client & { name: string };
  beforeAll(async () => {
    gw = await startGateway({ engine, resources: { modules: [echoModule] } });
    await gw.createRole(moderatedRole('paused-when-alone', 'pause'));
    await gw.createRole(moderatedRole('ended-when-alone', 'terminate'));
    await gw.createRole(moderatorRole);
    owner = await gw.signIn({ roles: ['paused-when-alone'] });
    strictOwner = await gw.signIn({ roles: ['ended-when-alone'] });
    moderator = await gw.signIn({ roles: ['moderators'] });
  });
  afterAll(() => gw.close());

  const open = async (client: Client) => {
    const t = await TerminalClient.connect(gw, client, `/v1/webapi/sites/localhost/echo/${echoResource.id}?access_token=${client.session!.token}&login=echoer&w=80&h=24`);
    return { t, sid: await sessionIdOf(t) };
  };

  it('waits for its moderator, holding output and dropping input, then runs once the moderator joins', async () => {
    const { t, sid } = await open(owner);
    await t.waitFor(/waiting for 1 moderator/);
    expect(t.output).toBe(`\r\n\x1b[2m${waiting('paused-when-alone-policy')}\x1b[0m\r\n`);
    expect(t.controls.find((c) => c.type === 'session')).toMatchObject({ session: { id: sid, moderated: true } });
    const listed = await moderator.get('/v1/webapi/sites/localhost/sessions');
    expect(listed.body.sessions).toEqual([expect.objectContaining({ id: sid, owner: owner.name, moderated: true, participantModes: ['observer', 'moderator'] })]);
    t.type('typed-while-waiting\r');

    const mod = await joinSession(gw, moderator, sid, 'moderator');
    await t.waitFor(/echo ready/);
    // The channel's first output was held, and comes only after the session started.
    const started = t.output.indexOf('[the session has started]');
    expect(started).toBeGreaterThan(t.output.indexOf(`${moderator.name} joined the session as moderator`));
    expect(t.output.indexOf('echo ready')).toBeGreaterThan(started);
    await mod.waitFor(/echo ready/);
    t.type('typed-after\r');
    await t.waitFor(/TYPED-AFTER/);
    await mod.waitFor(/TYPED-AFTER/);
    expect(t.output).not.toContain('TYPED-WHILE-WAITING');

    t.type('exit\r');
    await t.closed;
    await mod.closed;
    expect(t.controls).toContainEqual({ type: 'close', reason: 'shell exited', exitCode: 0 });
    const audit = await eventually(async () => {
      const events = await auditOf(gw, sid);
      return events.some((e) => e.code === 'T2004I') && events;
    }, 'the session end');
    expect(audit.map((e) => e.code)).toEqual(['T2000I', 'T2001I', 'T2004I']);
    expect(audit[1]).toMatchObject({ user: moderator.name, participant_mode: 'moderator' });
  });

  it('an observer does not meet a moderator policy, even one whose filter it passes', async () => {
    const { t, sid } = await open(owner);
    await t.waitFor(/waiting for 1 moderator/);
    const watching = await joinSession(gw, moderator, sid, 'observer');
    await t.waitFor(/joined the session as observer/);
    // The join is reviewed and the session still waits: the notice is repeated.
    await eventually(async () => occurrences(t, waiting('paused-when-alone-policy')) === 2, 'the repeated waiting notice');
    t.type('typed-while-observed\r');
    const moderating = await joinSession(gw, moderator, sid, 'moderator');
    await t.waitFor(/the session has started/);
    t.type('now\r');
    await t.waitFor(/NOW/);
    expect(t.output).not.toContain('TYPED-WHILE-OBSERVED');
    await watching.waitFor(/NOW/);
    t.close();
    await Promise.all([watching.closed, moderating.closed]);
  });

  it('pauses when its moderator leaves (on_leave: pause) and resumes when one joins again', async () => {
    const { t, sid } = await open(owner);
    const first = await joinSession(gw, moderator, sid, 'moderator');
    await t.waitFor(/the session has started/);
    first.close();
    await t.waitFor(/the session is paused/);
    expect(t.output).toContain(`[${moderator.name} left the session]`);
    expect(t.output).toContain(`[the session is paused: waiting for 1 moderator to join: policy paused-when-alone-policy]`);
    t.type('typed-while-paused\r');
    const second = await joinSession(gw, moderator, sid, 'moderator');
    await t.waitFor(/the session has resumed/);
    t.type('resumed\r');
    await t.waitFor(/RESUMED/);
    expect(t.output).not.toContain('TYPED-WHILE-PAUSED');
    t.close();
    await second.closed;
  });

  it('ends when its moderator leaves (on_leave: terminate), saying why', async () => {
    const { t, sid } = await open(strictOwner);
    const mod = await joinSession(gw, moderator, sid, 'moderator');
    await t.waitFor(/the session has started/);
    mod.close();
    await t.closed;
    const reason = `the session was ended because moderator ${moderator.name} left: policy ended-when-alone-policy`;
    expect(t.errors()).toEqual([reason]);
    expect(t.controls).toContainEqual({ type: 'close', reason });
    expect((await moderator.get('/v1/webapi/sites/localhost/sessions')).body.sessions).toEqual([]);
  });

  it('a moderator ends it for everyone', async () => {
    const { t, sid } = await open(owner);
    const mod = await joinSession(gw, moderator, sid, 'moderator');
    await t.waitFor(/the session has started/);
    sendControl(mod, { type: 'close', reason: 'ending it' });
    await Promise.all([t.closed, mod.closed]);
    const reason = `the session was ended by moderator ${moderator.name}`;
    expect(t.controls).toContainEqual({ type: 'close', reason });
    expect(mod.controls).toContainEqual({ type: 'close', reason });
    const end = await eventually(async () => (await auditOf(gw, sid)).find((e) => e.code === 'T2004I'), 'the session end');
    expect(end).toMatchObject({ user: owner.name, participants: [owner.name, moderator.name], error: reason });
  });

  it('a session that never started is audited as a moderated session denied', async () => {
    const { t, sid } = await open(owner);
    await t.waitFor(/waiting for 1 moderator/);
    t.close();
    const denied = await eventually(async () => (await auditOf(gw, sid)).find((e) => e.code === 'T2015W'), 'the denial');
    expect(denied).toMatchObject({ event: 'session.rejected', user: owner.name, sid, reason: 'waiting for 1 moderator to join: policy paused-when-alone-policy' });
  });

  it('a role whose filter the gateway cannot evaluate is refused when saved, naming the field', async () => {
    const editor = await gw.signIn({ roles: ['editor'] });
    const res = await editor.post('/v1/webapi/roles', { content: moderatedRole('unsupported', 'pause').replace(/filter: .*/, `filter: 'contains(user.spec.traits.teams, "sre")'`) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'line 8: spec.allow.require_session_join.0.filter: "contains(user.spec.traits.teams, "sre")" is not a filter this gateway can evaluate: use contains(user.spec.roles, "role") or equals(user.metadata.name, "name"), joined by ||',
    );
    expect((await editor.get('/v1/webapi/roles/unsupported')).status).toBe(404);
  });
});
