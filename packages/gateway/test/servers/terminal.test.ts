import { apiPaths, decodeFrame, encodeControl, terminalSocketPath, terminalWindowBytes, type BearerTokenJson } from '@portcullis/shared';
import WebSocket from 'ws';
import { auditEvents, eventually, useFleet, TerminalClient } from './fixtures';

// Real sshd, agents and login shells (root's profile here starts slowly): more than jest's default 5 s.
jest.setTimeout(60_000);

/** What each party of a terminal reads when the web session it was opened under ends. */
const webSessionEnded = 'your web session ended (signed out, expired or the user was removed): sign in again';

describe('the web terminal', () => {
  const fleet = useFleet();
  const events = () => auditEvents(fleet.gw);

  test.each([
    ['agent', () => fleet.agentNode],
    ['OpenSSH', () => fleet.sshNode],
  ])('opens a real shell on the %s node, audited from start to end', async (_kind, node) => {
    const t = await TerminalClient.open(fleet.gw, fleet.admin, { server_id: node(), login: 'root', term: { w: 100, h: 30 } });
    t.type('echo hello-$(hostname) $(id -un) $COLUMNS\r');
    await t.waitFor(/hello-\S+ root 100\r\n/);
    const session = t.controls.find((c) => c.type === 'session');
    expect(session).toMatchObject({ session: { login: 'root', server_id: node(), terminal_params: { w: 100, h: 30 }, parties: [{ user: fleet.admin.name }] } });
    t.socket.send(encodeControl({ type: 'resize', w: 120, h: 40 }));
    t.type('stty size\r');
    await t.waitFor(/40 120\r\n/);
    t.type('exit 3\r');
    await t.closed;
    expect(t.controls).toContainEqual({ type: 'close', reason: 'shell exited', exitCode: 3 });
    const sid = session?.type === 'session' ? session.session.id : '';
    await eventually(async () => (await events()).some((e) => e.code === 'T2004I' && e.sid === sid), 'the session end event');
    const mine = (await events()).filter((e) => e.sid === sid);
    expect(mine.map((e) => e.code)).toEqual(['T2000I', 'T2002I', 'T2004I']);
    expect(mine[0]).toMatchObject({ user: fleet.admin.name, login: 'root', server_id: node(), size: '100:30' });
    expect(mine[2]).toMatchObject({ user: fleet.admin.name, participants: [fleet.admin.name], exit_code: 3 });
  });

  test.each([
    ['agent', () => fleet.agentNode],
    ['OpenSSH', () => fleet.sshNode],
  ])('what the shell prints just before it exits reaches the browser whole, on the %s node', async (_kind, node) => {
    // Linux discards what a PTY's reader had not read when the last process on it exits; this lost up to 10 KB of
    // such output in half the tries. Z is octal 132, so the typed line (echoed before stty runs) has none.
    for (let i = 0; i < 4; i++) {
      const t = await TerminalClient.open(fleet.gw, fleet.admin, { server_id: node(), login: 'root', term: { w: 80, h: 24 } });
      t.type("stty -echo; head -c 200000 /dev/zero | tr '\\0' '\\132'; exit\r");
      await t.closed;
      expect(t.output.split('Z').length - 1).toBe(200_000);
    }
  });

  test('a login missing from the roles is refused in the terminal and audited', async () => {
    const t = await TerminalClient.open(fleet.gw, fleet.admin, { server_id: fleet.agentNode, login: 'postgres', term: { w: 80, h: 24 } });
    await t.closed;
    expect(t.errors()).toEqual(['access denied to postgres@agent-node: login "postgres" is not in your roles\' logins']);
    expect(await events()).toContainEqual(expect.objectContaining({ code: 'T1006W', user: fleet.admin.name, login: 'postgres', server: 'agent-node', reason: 'login "postgres" is not in your roles\' logins' }));
  });

  test('a role whose node_labels do not match is refused and audited, and deny wins', async () => {
    await fleet.gw.createRole(`
kind: role
metadata: { name: prod-only }
spec:
  allow: { logins: [root], node_labels: { env: prod }, rules: [{ resources: [node], verbs: [list] }] }
`);
    await fleet.gw.createRole(`
kind: role
metadata: { name: denies-test }
spec:
  allow: { logins: [root], node_labels: { '*': '*' } }
  deny: { node_labels: { env: test } }
`);
    for (const [roles, reason] of [
      [['prod-only'], "your roles' node_labels do not match node openssh-node"],
      [['prod-only', 'denies-test'], "your roles' node_labels do not match node openssh-node"],
    ] as const) {
      const user = await fleet.gw.signIn({ roles: [...roles] });
      const t = await TerminalClient.open(fleet.gw, user, { server_id: fleet.sshNode, login: 'root', term: { w: 80, h: 24 } });
      await t.closed;
      expect(t.errors()).toEqual([`access denied to root@openssh-node: ${reason}`]);
      expect(await events()).toContainEqual(expect.objectContaining({ code: 'T1006W', user: user.name, server_id: fleet.sshNode, reason }));
    }
  });

  test('an unknown login on the host is a clear error in the terminal', async () => {
    await fleet.gw.createRole(`
kind: role
metadata: { name: ghost-login }
spec:
  allow: { logins: [ghost-user], node_labels: { '*': '*' } }
`);
    const user = await fleet.gw.signIn({ roles: ['ghost-login'] });
    const t = await TerminalClient.open(fleet.gw, user, { server_id: fleet.agentNode, login: 'ghost-user', term: { w: 80, h: 24 } });
    await t.closed;
    expect(t.errors()).toEqual(['login "ghost-user" does not exist on agent-node']);
  });

  test('signing out ends the terminals that web session opened and joined, telling why; the same user signed in elsewhere keeps theirs', async () => {
    await fleet.gw.createRole(`
kind: role
metadata: { name: watches-own }
spec:
  allow: { join_sessions: [{ name: own, roles: [servers-operator], kinds: [ssh], modes: [observer] }] }
`);
    const { name, password } = await fleet.gw.createUser({ roles: ['servers-operator', 'watches-own'] });
    const [laptop, desktop, witness] = [await fleet.gw.login(name, password), await fleet.gw.login(name, password), await fleet.gw.login(name, password)];
    const open = async (client: typeof laptop) => {
      const t = await TerminalClient.open(fleet.gw, client, { server_id: fleet.agentNode, login: 'root', term: { w: 80, h: 24 } });
      t.type('echo open-$((40+2))\r');
      await t.waitFor(/open-42\r\n/);
      const session = t.controls.find((c) => c.type === 'session');
      return { t, sid: session?.type === 'session' ? session.session.id : '' };
    };
    const signedOut = await open(laptop);
    const kept = await open(desktop);
    // The laptop also watches the desktop's terminal: signing out ends that party, not the desktop's session.
    const watching = await TerminalClient.open(fleet.gw, laptop, { server_id: fleet.agentNode, login: 'root', sid: kept.sid, mode: 'observer', term: { w: 80, h: 24 } });
    await eventually(async () => watching.controls.some((c) => c.type === 'session'), 'the observer to join');

    // A renewal (the console's timer, assuming a request) replaces the session row but is no sign-out. The witness
    // signs out after it: once the witness's terminal has closed, the watch has read storage since the renewal.
    const renewed = await laptop.post<BearerTokenJson>(apiPaths.webSessionRenew, {});
    expect(renewed.status).toBe(200);
    laptop.session = renewed.body;
    const witnessed = await open(witness);
    expect((await witness.del(apiPaths.webSession)).status).toBe(200);
    await witnessed.t.closed;
    signedOut.t.type('echo renewed-$((40+2))\r');
    await signedOut.t.waitFor(/renewed-42\r\n/);
    expect(signedOut.t.errors()).toEqual([]);

    expect((await laptop.del(apiPaths.webSession)).status).toBe(200);
    await Promise.all([signedOut.t.closed, watching.closed]);
    for (const t of [signedOut.t, watching]) {
      expect(t.errors()).toEqual([webSessionEnded]);
      expect(t.controls).toContainEqual({ type: 'close', reason: webSessionEnded });
    }
    // As when the owner's browser leaves: the signed-out session ends, audited.
    await eventually(async () => (await events()).some((e) => e.code === 'T2004I' && e.sid === signedOut.sid), 'the signed-out session to end');
    kept.t.type('echo kept-$((40+2))\r');
    await kept.t.waitFor(/kept-42\r\n/);
    expect(kept.t.errors()).toEqual([]);
    kept.t.close();
  });

  test('a browser that stops acknowledging receives at most one window of a flood, and Ctrl-C still reaches the shell', async () => {
    const url = `${fleet.gw.url.replace(/^http/, 'ws')}${terminalSocketPath('localhost', fleet.admin.session!.token, { server_id: fleet.agentNode, login: 'root', term: { w: 80, h: 24 } })}`;
    const socket = new WebSocket(url, { headers: { cookie: fleet.admin.cookieHeader() } });
    let received = 0;
    let text = '';
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      const frame = decodeFrame(isBinary ? new Uint8Array(data) : data.toString());
      if (frame.kind !== 'data') return;
      received += frame.data.length;
      text = (text + Buffer.from(frame.data).toString()).slice(-2000);
    });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(Buffer.from('yes flood-line\r'));
    await eventually(async () => received >= terminalWindowBytes, 'a full window of output');
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toBe(terminalWindowBytes); // nothing beyond the window until the browser acknowledges

    socket.send(Buffer.from('\x03'));
    socket.send(Buffer.from('echo after-$((40+2))\r'));
    // Acknowledge from now on: the backlog drains and the prompt comes back with the command's output.
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) socket.send(encodeControl({ type: 'ack', bytes: data.length }));
    });
    socket.send(encodeControl({ type: 'ack', bytes: received }));
    await eventually(async () => /after-42/.test(text), 'the prompt after Ctrl-C');
    socket.close();
  });
});
