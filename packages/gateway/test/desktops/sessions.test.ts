import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { apiPaths, compilePath, listQueryPath, type DesktopJson, type DesktopServiceJson } from '@portcullis/shared';
import { engines, startGateway, type Client, type TestGateway } from '../harness';
import { eventsWithCode, joinToken } from '../apps/fixtures';
import { createLock, removeAllLocks } from '../locks/fixtures';
import { eventually } from '../servers/fixtures';
import { desktopDevRole, desktopLockedDownRole, desktopWatcherRole, startDesktopAgent } from './fixtures';
import { DesktopRecordingStore } from '../../src/resources/desktops/recording/store';
import { encodings, pixelAt, RfbTestClient, type Rect } from './rfbClient';
import { startXvnc, type RunningXvnc } from './xvnc';

jest.setTimeout(60_000);

const vncPassword = 'sesame';
/** Inside the xterm (green background), below the lines its shell prints. */
const insideXterm = { x: 300, y: 250 };
const green = (rects: Rect[]) => {
  const colour = pixelAt(rects, insideXterm.x, insideXterm.y);
  return colour && colour.join() === '0,255,0' ? colour : undefined;
};

let xterm: RunningXvnc;
let guarded: RunningXvnc;
beforeAll(async () => {
  xterm = await startXvnc({ xterm: true });
  guarded = await startXvnc({ password: vncPassword });
});
afterAll(async () => {
  await xterm?.stop();
  await guarded?.stop();
});

/** A file the xterm's shell is made to write, unique to the test. */
const scratch = () => path.join(os.tmpdir(), `portcullis-desktop-${randomUUID()}`);

describe.each(engines)('desktops through the gateway on %s', (engine) => {
  let gw: TestGateway;
  let admin: Client & { name: string };
  let recordings: DesktopRecordingStore;
  let dev: Awaited<ReturnType<typeof startDesktopAgent>>;
  let prod: Awaited<ReturnType<typeof startDesktopAgent>>;

  beforeAll(async () => {
    recordings = new DesktopRecordingStore(mkdtempSync(path.join(os.tmpdir(), 'portcullis-desktop-recordings-')));
    gw = await startGateway({ engine, resources: { desktopRecordings: recordings } });
    await gw.createRole(desktopDevRole);
    await gw.createRole(desktopLockedDownRole);
    await gw.createRole(desktopWatcherRole);
    admin = await gw.signIn({ roles: ['editor', 'desktop-dev'] });
    dev = await startDesktopAgent(
      gw.url,
      await joinToken(admin),
      [
        { name: 'xterm-box', uri: `vnc://127.0.0.1:${xterm.port}`, os: 'linux' },
        { name: 'guarded', uri: `vnc://:${vncPassword}@127.0.0.1:${guarded.port}`, os: 'linux' },
        { name: 'wrong-password', uri: `vnc://:not-${vncPassword}@127.0.0.1:${guarded.port}`, os: 'linux' },
        { name: 'win', uri: 'rdp://Administrator:secret@127.0.0.1:3389', os: 'windows' },
      ],
      { labels: { env: 'dev' }, hostname: 'desktop-host' },
    );
    prod = await startDesktopAgent(gw.url, await joinToken(admin), [{ name: 'prod-box', uri: `vnc://127.0.0.1:${xterm.port}`, os: 'linux' }], {
      labels: { env: 'prod' },
      hostname: 'prod-host',
    });
  });
  afterAll(async () => {
    await dev?.agent.stop();
    await prod?.agent.stop();
    await gw?.close();
  });
  afterEach(() => removeAllLocks(admin));

  /** Opens a session on `desktop` and does the opening; the session message is the gateway's first text frame. */
  const connect = async (client: Client, desktop: string, username = 'alice-win') => {
    const rfb = await RfbTestClient.open(gw, client, desktop, { username });
    const init = await rfb.handshake();
    return { rfb, init, session: rfb.messages[0] };
  };
  const endOf = (sid: string) => eventually(async () => (await eventsWithCode(gw, 'TDP01I')).find((e) => e.sid === sid), `the end of session ${sid}`);

  test('the list, one desktop, its activity and the desktop services answer per the roles', async () => {
    const user = await gw.signIn({ roles: ['desktop-dev'] });
    const list = await user.get<{ items: DesktopJson[]; totalCount: number }>(
      listQueryPath(apiPaths.desktops, { clusterId: 'localhost', limit: 2, sort: { fieldName: 'name', dir: 'ASC' } }),
    );
    expect(list.status).toBe(200);
    const labels = (await user.get<DesktopJson>(compilePath(apiPaths.desktop, { clusterId: 'localhost', desktopName: 'guarded' }))).body.labels;
    expect(labels).toContainEqual({ name: 'env', value: 'dev' });
    expect(list.body.items).toEqual([
      { os: 'linux', name: 'guarded', addr: `127.0.0.1:${guarded.port}`, labels, host_id: dev.agentId, logins: ['alice-win'] },
      { os: 'windows', name: 'win', addr: '127.0.0.1:3389', labels, host_id: dev.agentId, logins: ['alice-win'] },
    ]);
    expect(list.body.totalCount).toBe(4);
    const next = await user.get<{ items: DesktopJson[] }>(
      listQueryPath(apiPaths.desktops, {
        clusterId: 'localhost',
        limit: 2,
        sort: { fieldName: 'name', dir: 'ASC' },
        startKey: (list.body as unknown as { startKey: string }).startKey,
      }),
    );
    expect(next.body.items.map((d) => d.name)).toEqual(['wrong-password', 'xterm-box']);
    const searched = await user.get<{ items: DesktopJson[] }>(listQueryPath(apiPaths.desktops, { clusterId: 'localhost', limit: 10, search: 'windows' }));
    expect(searched.body.items.map((d) => d.name)).toEqual(['win']);

    // prod-box exists, but not for these roles: the same 404 as a desktop that does not.
    for (const name of ['prod-box', 'no-such-box']) {
      const res = await user.get<{ error: { message: string } }>(compilePath(apiPaths.desktop, { clusterId: 'localhost', desktopName: name }));
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(`no desktop ${name} that you may reach`);
    }
    const active = await user.get(compilePath(apiPaths.desktopActive, { clusterId: 'localhost', desktopName: 'xterm-box' }));
    expect(active.body).toEqual({ active: false });

    const services = await user.get<{ items: DesktopServiceJson[] }>(compilePath(apiPaths.desktopServices, { clusterId: 'localhost' }));
    expect(services.body.items.map((s) => [s.hostname, s.name, s.addr])).toEqual([
      ['desktop-host', dev.agentId, '127.0.0.1'],
      ['prod-host', prod.agentId, '127.0.0.1'],
    ]);
    const stranger = await gw.signIn({ roles: ['desktop-locked-down'] });
    expect((await stranger.get(listQueryPath(apiPaths.desktops, { clusterId: 'localhost', limit: 10 }))).status).toBe(403);
  });

  test('a session shows the desktop, takes typing, is listed, recorded and audited start to end', async () => {
    const user = await gw.signIn({ roles: ['desktop-dev'] });
    const { rfb, init, session } = await connect(user, 'xterm-box');
    expect(init).toMatchObject({ width: 800, height: 600 });
    expect(session).toEqual({ type: 'session', sid: expect.stringMatching(/^[0-9a-f-]{36}$/), mode: 'owner', recording: true, clipboard: true });
    const sid = (session as { sid: string }).sid;
    rfb.setPixelFormat32();
    rfb.setEncodings([encodings.raw]);
    expect(await rfb.updateUntil(green, 'the xterm to show')).toEqual([0, 255, 0]);

    const file = scratch();
    try {
      // No window manager: the keyboard goes to the window under the pointer.
      rfb.pointer(100, 100);
      rfb.typeLine(`echo hi > ${file}`);
      await eventually(async () => existsSync(file) && readFileSync(file, 'utf8') === 'hi\n', `the xterm's shell to write ${file}`);
    } finally {
      rmSync(file, { force: true });
    }
    expect((await user.get(compilePath(apiPaths.desktopActive, { clusterId: 'localhost', desktopName: 'xterm-box' }))).body).toEqual({ active: true });
    const sessions = await user.get<{ sessions: Array<Record<string, unknown>> }>(compilePath(apiPaths.sessions, { clusterId: 'localhost' }));
    expect(sessions.body.sessions).toContainEqual(expect.objectContaining({ kind: 'desktop', id: sid, desktop_name: 'xterm-box', login: 'alice-win', participantModes: [] }));
    // Someone whose join_sessions rules reach it is offered the desktop as an observer, whatever mode the rule names.
    const watcher = await gw.signIn({ roles: ['desktop-dev', 'desktop-watcher'] });
    const listed = await watcher.get<{ sessions: Array<Record<string, unknown>> }>(compilePath(apiPaths.sessions, { clusterId: 'localhost' }));
    expect(listed.body.sessions).toContainEqual(expect.objectContaining({ kind: 'desktop', id: sid, participantModes: ['observer'] }));

    rfb.close();
    const ended = await endOf(sid);
    expect(ended).toMatchObject({
      user: user.name,
      desktop_name: 'xterm-box',
      desktop_addr: `127.0.0.1:${xterm.port}`,
      windows_user: 'alice-win',
      windows_domain: '',
      recorded: true,
    });
    expect(Date.parse(ended.session_stop as string)).toBeGreaterThanOrEqual(Date.parse(ended.session_start as string));
    const started = (await eventsWithCode(gw, 'TDP00I')).filter((e) => e.sid === sid);
    expect(started).toEqual([expect.objectContaining({ user: user.name, desktop_name: 'xterm-box', windows_user: 'alice-win' })]);

    // The recording on disk: ServerInit first (800x600), then the updates, at offsets that never go back.
    const reader = (await recordings.open(sid))!;
    const recorded = [];
    for await (const chunk of reader.chunks()) recorded.push(chunk);
    expect(reader.meta).toMatchObject({ sid, desktopName: 'xterm-box', user: user.name });
    await reader.close();
    expect(recorded[0]!.bytes.readUInt16BE(0)).toBe(800);
    expect(recorded.reduce((n, c) => n + c.bytes.length, 0)).toBeGreaterThan(800 * 600 * 4);
    const times = recorded.map((c) => c.offsetMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThanOrEqual(0);
    expect((await user.get(compilePath(apiPaths.desktopActive, { clusterId: 'localhost', desktopName: 'xterm-box' }))).body).toEqual({ active: false });
  });

  test('SetDesktopSize resizes the desktop, and the next session opens at the new size', async () => {
    const user = await gw.signIn({ roles: ['desktop-dev'] });
    const { rfb } = await connect(user, 'xterm-box');
    rfb.setPixelFormat32();
    rfb.setEncodings([encodings.raw, encodings.extendedDesktopSize]);
    const resized = (width: number, height: number) => (rects: Rect[]) =>
      rects.find((r) => r.encoding === encodings.extendedDesktopSize && r.x === 1 && r.w === width && r.h === height);
    rfb.setDesktopSize(1024, 768);
    // x 1: the change this client asked for; y 0: done.
    expect(await rfb.updateUntil(resized(1024, 768), 'the resize to 1024x768')).toMatchObject({ y: 0 });
    rfb.close();
    const again = await connect(user, 'xterm-box');
    expect(again.init).toMatchObject({ width: 1024, height: 768 });
    // Back to the size the other tests expect.
    again.rfb.setEncodings([encodings.raw, encodings.extendedDesktopSize]);
    again.rfb.setDesktopSize(800, 600);
    expect(await again.rfb.updateUntil(resized(800, 600), 'the resize back to 800x600')).toMatchObject({ y: 0 });
    again.rfb.close();
    await again.rfb.closed;
  });

  test('clipboard text is audited when the roles allow it, and dropped unaudited when they do not', async () => {
    const user = await gw.signIn({ roles: ['desktop-dev'] });
    const on = await connect(user, 'xterm-box');
    on.rfb.cutText('copied text');
    await eventually(async () => (await eventsWithCode(gw, 'TDP02I')).find((e) => e.user === user.name), 'the clipboard event');
    expect((await eventsWithCode(gw, 'TDP02I')).filter((e) => e.user === user.name)).toEqual([
      expect.objectContaining({ length: 11, desktop_name: 'xterm-box', desktop_addr: `127.0.0.1:${xterm.port}`, sid: (on.session as { sid: string }).sid }),
    ]);
    on.rfb.close();

    const strict = await gw.signIn({ roles: ['desktop-dev', 'desktop-locked-down'] });
    const off = await connect(strict, 'xterm-box');
    expect(off.session).toMatchObject({ mode: 'owner', recording: false, clipboard: false });
    off.rfb.setPixelFormat32();
    off.rfb.cutText('not for the desktop');
    // The session carries on past the dropped message: an update still comes back.
    off.rfb.updateRequest(false, 0, 0, 10, 10);
    expect((await off.rfb.nextUpdate()).length).toBeGreaterThan(0);
    off.rfb.close();
    const ended = await endOf((off.session as { sid: string }).sid);
    expect(ended).toMatchObject({ recorded: false });
    expect(ended.error).toBeUndefined();
    expect((await eventsWithCode(gw, 'TDP02I')).filter((e) => e.user === strict.name)).toEqual([]);
    expect(await recordings.open((off.session as { sid: string }).sid)).toBeUndefined();
  });

  test('a login the roles do not grant is refused with the reason, and audited', async () => {
    const user = await gw.signIn({ roles: ['desktop-dev'] });
    const rfb = await RfbTestClient.open(gw, user, 'xterm-box', { username: 'root' });
    await rfb.closed;
    const reason = 'access to desktop xterm-box denied: your roles do not allow the login "root" on desktop xterm-box (windows_desktop_logins)';
    expect(rfb.messages).toEqual([{ type: 'error', message: reason }]);
    expect((await eventsWithCode(gw, 'TDP00W')).filter((e) => e.user === user.name)).toEqual([
      expect.objectContaining({ desktop_name: 'xterm-box', windows_user: 'root', error: reason }),
    ]);
  });

  test('a second factor for every session is asked before the desktop opens; without an MFA device the session is refused, audited', async () => {
    await gw.createRole(`kind: role\nmetadata: { name: desktop-mfa-${engine} }\nspec:\n  options: { require_session_mfa: true }\n`);
    const user = await gw.signIn({ roles: ['desktop-dev', `desktop-mfa-${engine}`] });
    const rfb = await RfbTestClient.open(gw, user, 'xterm-box', { username: 'alice-win' });
    await rfb.closed;
    const reason =
      'access to desktop xterm-box denied: your roles require a second factor for every session and you have no MFA device: add one in Account settings, Two-Factor Devices (/web/account/twofactor)';
    expect(rfb.messages).toEqual([{ type: 'error', message: reason }]);
    expect((await eventsWithCode(gw, 'TDP00W')).filter((e) => e.user === user.name)).toEqual([
      expect.objectContaining({ desktop_name: 'xterm-box', error: reason }),
    ]);
  });

  test('a VNC password desktop opens with the password the agent holds; a wrong one is refused with the reason', async () => {
    const user = await gw.signIn({ roles: ['desktop-dev'] });
    const { rfb, init, session } = await connect(user, 'guarded');
    expect(session).toMatchObject({ type: 'session', mode: 'owner' });
    expect(init).toMatchObject({ width: 800, height: 600 });
    rfb.close();
    await rfb.closed;

    const wrong = await RfbTestClient.open(gw, user, 'wrong-password', { username: 'alice-win' });
    await expect(wrong.handshake()).rejects.toThrow('the socket closed');
    const reason = 'desktop wrong-password refused the login: Authentication failure';
    expect(wrong.messages).toEqual([{ type: 'error', message: reason }]);
    expect((await eventsWithCode(gw, 'TDP00W')).filter((e) => e.user === user.name)).toEqual([
      expect.objectContaining({ desktop_name: 'wrong-password', error: reason }),
    ]);
  });

  test('an RDP desktop is refused with a clear reason while the agent has no RDP client', async () => {
    const user = await gw.signIn({ roles: ['desktop-dev'] });
    const rfb = await RfbTestClient.open(gw, user, 'win', { username: 'alice-win' });
    await expect(rfb.handshake()).rejects.toThrow('the socket closed');
    expect(rfb.messages).toEqual([
      { type: 'error', message: 'desktop win is an RDP desktop, and its agent cannot open RDP sessions: it was started without an RDP client' },
    ]);
  });

  test('an observer sees the desktop and its input is dropped; joining needs a join_sessions rule', async () => {
    const owner = await gw.signIn({ roles: ['desktop-dev'] });
    const { rfb, session } = await connect(owner, 'xterm-box');
    const sid = (session as { sid: string }).sid;
    rfb.setPixelFormat32();
    rfb.setEncodings([encodings.raw]);
    rfb.pointer(100, 100);

    const outsider = await gw.signIn({ roles: ['desktop-dev'] });
    const refused = await RfbTestClient.open(gw, outsider, 'xterm-box', { username: 'alice-win', sid });
    await refused.closed;
    expect(refused.messages).toEqual([
      { type: 'error', message: `your roles do not allow joining session ${sid}: none of your roles (desktop-dev) has a join_sessions rule` },
    ]);

    const watcher = await gw.signIn({ roles: ['desktop-watcher'] });
    const view = await RfbTestClient.open(gw, watcher, 'xterm-box', { username: 'ignored', sid });
    expect(await view.handshake()).toMatchObject({ width: 800, height: 600 });
    expect(view.messages[0]).toEqual({ type: 'session', sid, mode: 'observer', recording: true, clipboard: false });
    view.setPixelFormat32();
    view.setEncodings([encodings.raw]);
    expect(await view.updateUntil(green, "the observer's view of the xterm")).toEqual([0, 255, 0]);
    const sessions = await owner.get<{ sessions: Array<{ id: string; parties: Array<{ user: string }> }> }>(
      compilePath(apiPaths.sessions, { clusterId: 'localhost' }),
    );
    expect(sessions.body.sessions.find((s) => s.id === sid)?.parties.map((p) => p.user)).toEqual([owner.name, watcher.name]);

    const watcherFile = scratch();
    const ownerFile = scratch();
    try {
      view.pointer(100, 100);
      view.typeLine(`echo watcher > ${watcherFile}`);
      view.cutText('from the watcher');
      // The desktop answers the observer's connection in order: anything it sent before has been handled by now.
      view.updateRequest(false, 0, 0, 10, 10);
      await view.nextUpdate();
      rfb.typeLine(`echo owner > ${ownerFile}`);
      await eventually(async () => existsSync(ownerFile), "the owner's command");
      expect(existsSync(watcherFile)).toBe(false);
    } finally {
      rmSync(watcherFile, { force: true });
      rmSync(ownerFile, { force: true });
    }
    expect((await eventsWithCode(gw, 'TDP02I')).filter((e) => e.user === watcher.name)).toEqual([]);

    // The owner leaving ends the view.
    rfb.close();
    await view.closed;
    expect(view.messages.at(-1)).toEqual({ type: 'error', message: 'the session ended: its owner left' });
  });

  test('a lock on the user ends an open session with its message', async () => {
    const user = await gw.signIn({ roles: ['desktop-dev'] });
    const { rfb, session } = await connect(user, 'xterm-box');
    await createLock(admin, { targets: { user: user.name }, message: 'desktop incident: stand by' });
    await rfb.closed;
    expect(rfb.messages.at(-1)).toEqual({ type: 'error', message: 'desktop incident: stand by' });
    expect(await endOf((session as { sid: string }).sid)).toMatchObject({ reason: 'desktop incident: stand by' });
  });

  test('signing out ends the sessions that web session opened, telling why, audited; the same user signed in elsewhere keeps theirs', async () => {
    const { name, password } = await gw.createUser({ roles: ['desktop-dev'] });
    const [laptop, desktop] = [await gw.login(name, password), await gw.login(name, password)];
    const signedOut = await connect(laptop, 'xterm-box');
    const kept = await connect(desktop, 'guarded');
    expect((await laptop.del(apiPaths.webSession)).status).toBe(200);
    await signedOut.rfb.closed;
    const ended = 'your web session ended (signed out, expired or the user was removed): sign in again';
    expect(signedOut.rfb.messages.at(-1)).toEqual({ type: 'error', message: ended });
    expect(await endOf((signedOut.session as { sid: string }).sid)).toMatchObject({ reason: ended });
    kept.rfb.setPixelFormat32();
    kept.rfb.setEncodings([encodings.raw]);
    kept.rfb.updateRequest(false, 0, 0, 10, 10);
    expect((await kept.rfb.nextUpdate()).length).toBeGreaterThan(0);
    expect(kept.rfb.messages.filter((m) => m.type === 'error')).toEqual([]);
    kept.rfb.close();
    await kept.rfb.closed;
  });

  test('a lock on a desktop refuses new sessions on it with its message, audited, and leaves the others open', async () => {
    const user = await gw.signIn({ roles: ['desktop-dev'] });
    await createLock(admin, { targets: { windows_desktop: 'guarded' }, message: 'guarded is being patched' });
    const refused = await RfbTestClient.open(gw, user, 'guarded', { username: 'alice-win' });
    await refused.closed;
    expect(refused.messages).toEqual([{ type: 'error', message: 'guarded is being patched' }]);
    expect((await eventsWithCode(gw, 'TDP00W')).filter((e) => e.user === user.name)).toEqual([
      expect.objectContaining({ desktop_name: 'guarded', error: 'guarded is being patched' }),
    ]);
    const open = await connect(user, 'xterm-box');
    expect(open.session).toMatchObject({ type: 'session', mode: 'owner' });
    open.rfb.close();
    await open.rfb.closed;
  });

  test('a message the gateway cannot read ends the session with the reason, audited', async () => {
    const user = await gw.signIn({ roles: ['desktop-dev'] });
    const { rfb, session } = await connect(user, 'xterm-box');
    rfb.send(Buffer.of(99, 0, 0, 0));
    await rfb.closed;
    const reason = 'the browser sent an RFB message of unknown type 99: the gateway passes only the messages it can read';
    expect(rfb.messages.at(-1)).toEqual({ type: 'error', message: reason });
    expect(await endOf((session as { sid: string }).sid)).toMatchObject({ error: reason });
  });
});
