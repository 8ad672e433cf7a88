import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn as spawnPty } from 'node-pty';
import { engines, startGateway, type Client, type TestGateway } from '../harness';
import type { SoftKey } from '../mfa/softKey';
import { totpCode } from '../mfa/totp';
import { auditEvents, createJoinToken, eventually, operatorRole, startAgent } from '../servers/fixtures';
import { cliArgs, repoRoot } from '../cli';
import { addKey, addTotp, keyAnswer, mfaConfig } from './devices';

// Each run starts Node with tsx, and sessions open real login shells.
jest.setTimeout(60_000);


interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

/** `portcullis ...args` as a real process, with its own home; `input` is what is typed at its prompts. */
function portcullis(home: string, args: string[], input = ''): Run {
  const child = spawn(process.execPath, [...cliArgs, ...args], { cwd: repoRoot, env: { ...process.env, PORTCULLIS_HOME: home }, stdio: 'pipe' });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin!.end(input);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

const sessionMfaRole = `
kind: role
metadata: { name: session-mfa }
spec:
  options: { require_session_mfa: true }
`;

describe.each(engines)('the portcullis command line against a real gateway and node on %s', (engine) => {
  let gw: TestGateway;
  let stopAgent: () => Promise<void>;
  let home: string;
  const freshHome = () => mkdtempSync(path.join(home, 'home-'));

  beforeAll(async () => {
    home = mkdtempSync(path.join(tmpdir(), 'portcullis-cli-'));
    gw = await startGateway({ engine, config: mfaConfig });
    await gw.createRole(operatorRole);
    await gw.createRole(sessionMfaRole);
    const admin = await gw.signIn({ roles: ['servers-operator'] });
    const { agent } = await startAgent(gw.url, await createJoinToken(admin), { hostname: 'cli-node' });
    stopAgent = () => agent.stop();
  });
  afterAll(async () => {
    await stopAgent();
    await gw.close();
    rmSync(home, { recursive: true, force: true });
  });

  /** Approves the headless request whose link `run` printed, as `user` tapping `key`; answers the one line printed. */
  async function approveFromLink(run: Run, user: Client, key: SoftKey): Promise<string> {
    const line = await eventually(async () => run.stderr().match(/^.*\/web\/headless\/([0-9a-f-]{36})\n/m) ?? undefined, `the approval link (stderr: ${run.stderr()})`);
    const res = await user.put(`/v1/webapi/headless/${line[1]}`, { action: 'accept', mfaResponse: await keyAnswer(gw, user, key, 'headless') });
    expect(res.status).toBe(200);
    return line[0];
  }

  test('ssh --headless prints the approval link once, waits for the tap, then runs the command and exits with its code', async () => {
    const user = await gw.signIn({ roles: ['servers-operator', 'session-mfa'] });
    const key = await addKey(gw, user);
    const run = portcullis(freshHome(), ['ssh', '--headless', '--proxy', gw.url, '--user', user.name, 'root@cli-node', 'echo out-$((6*7)); echo err >&2; exit 3']);
    const line = await approveFromLink(run, user, key);
    expect(line).toBe(`Approve this sign-in in your browser: ${gw.server.gw.publicUrl()}/web/headless/${line.split('/').pop()!.trim()}\n`);
    expect(await run.exited).toBe(3);
    expect(run.stdout()).toBe('out-42\nerr\n');
    expect(run.stderr()).toBe(line);
  });

  test('login keeps the session in a file only the user can read; ls and ssh use it; logout forgets it', async () => {
    const user = await gw.signIn({ roles: ['servers-operator'] });
    const h = freshHome();
    const login = portcullis(h, ['login', '--proxy', gw.url, '--user', user.name], 'correct horse battery staple\n');
    expect(await login.exited).toBe(0);
    expect(login.stdout()).toMatch(new RegExp(`^Logged in as ${user.name} on ${gw.url}, valid until \\S+Z\\.\\n$`));
    expect(login.stderr()).toBe(`Enter password for ${user.name}: \n`);
    const file = path.join(h, 'profile.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain('correct horse');

    const ls = portcullis(h, ['ls']);
    expect(await ls.exited).toBe(0);
    expect(ls.stdout().split('\n')[0]).toMatch(/^Node Name\s+Address\s+Labels$/);
    // The agent's own label marking its join is the gateway's business, not listed.
    expect(ls.stdout()).toMatch(/^cli-node\s+127\.0\.0\.1\s+env=test,kernel=Linux$/m);

    const ssh = portcullis(h, ['ssh', 'root@cli-node', 'id', '-un']);
    expect(await ssh.exited).toBe(0);
    expect(ssh.stdout()).toBe('root\n');

    const logout = portcullis(h, ['logout']);
    expect(await logout.exited).toBe(0);
    expect(logout.stdout()).toBe(`Logged out ${user.name} from ${gw.url}.\n`);
    expect(existsSync(file)).toBe(false);
    const after = portcullis(h, ['ls']);
    expect(await after.exited).toBe(1);
    expect(after.stderr()).toBe('error: not logged in: run portcullis login --proxy URL --user NAME\n');
  });

  test('a node that needs a second factor per session takes a code from an authenticator app at the prompt', async () => {
    const user = await gw.signIn({ roles: ['servers-operator', 'session-mfa'] });
    const secret = await addTotp(user);
    const h = freshHome();
    const login = portcullis(h, ['login', '--proxy', gw.url, '--user', user.name], `correct horse battery staple\n${totpCode(secret, Date.now())}\n`);
    expect(await login.exited).toBe(0);
    expect(login.stderr()).toBe(`Enter password for ${user.name}: \nEnter the code from your authenticator app: \n`);
    const ssh = portcullis(h, ['ssh', 'root@cli-node', 'echo', 'after-mfa'], `${totpCode(secret, Date.now() + 30_000)}\n`);
    expect(await ssh.exited).toBe(0);
    expect(ssh.stdout()).toBe('after-mfa\n');
    expect(ssh.stderr()).toBe('This session needs a second factor. Enter the code from your authenticator app: \n');
  });

  test('a security key cannot be tapped from the terminal: login says to use --headless', async () => {
    const user = await gw.signIn({ roles: ['servers-operator'] });
    await addKey(gw, user);
    const login = portcullis(freshHome(), ['login', '--proxy', gw.url, '--user', user.name], 'correct horse battery staple\n');
    expect(await login.exited).toBe(1);
    expect(login.stderr()).toBe(
      `Enter password for ${user.name}: \nerror: ${user.name} signs in with a security key, which the command line cannot use: run portcullis login --headless --proxy ${gw.url} --user ${user.name} to approve in your browser\n`,
    );
  });

  test('an expired profile is refused with the command to sign in again', async () => {
    const h = freshHome();
    const expired = { proxy: gw.url, user: 'carol', cluster: 'localhost', csrf: 'c', secret: 's', token: 't', expires: '2020-01-01T00:00:00.000Z', mfaVerified: false };
    writeFileSync(path.join(h, 'profile.json'), JSON.stringify(expired), { mode: 0o600 });
    const ls = portcullis(h, ['ls']);
    expect(await ls.exited).toBe(1);
    expect(ls.stderr()).toBe(`error: the session of carol on ${gw.url} expired at 2020-01-01T00:00:00.000Z: run portcullis login --proxy ${gw.url} --user carol\n`);
  });

  test('without a command, an interactive shell on the local terminal in raw mode, with resizes forwarded', async () => {
    const user = await gw.signIn({ roles: ['servers-operator'] });
    const h = freshHome();
    expect(await portcullis(h, ['login', '--proxy', gw.url, '--user', user.name], 'correct horse battery staple\n').exited).toBe(0);
    const pty = spawnPty(process.execPath, [...cliArgs, 'ssh', 'root@cli-node'], { cols: 80, rows: 24, cwd: repoRoot, env: { ...process.env, PORTCULLIS_HOME: h } as Record<string, string> });
    let screen = '';
    pty.onData((data) => (screen += data));
    const exited = new Promise<number>((resolve) => pty.onExit(({ exitCode }) => resolve(exitCode)));
    const waitFor = (pattern: RegExp) => eventually(async () => pattern.test(screen), `${pattern} on the terminal`);
    // Lines end in \r\r\n here: the remote terminal's \r\n, then the local one's own translation of \n.
    pty.write('stty size; echo size-$((1+1))\r');
    await waitFor(/24 80\r+\nsize-2/);
    pty.resize(100, 30);
    // The keys below could overtake the window change on its way; the gateway records the resize when it arrives.
    await eventually(async () => (await auditEvents(gw)).some((e) => e.code === 'T2002I' && e.user === user.name && e.size === '100:30'), 'the resize at the gateway');
    pty.write('stty size; echo size-$((2+2))\r');
    await waitFor(/30 100\r+\nsize-4/);
    // Raw mode: Ctrl-C reaches the remote shell instead of ending the command line.
    pty.write('echo sleeping-$((2*3)); sleep 30\r');
    await waitFor(/sleeping-6/);
    pty.write('\x03');
    await waitFor(/\^C/);
    pty.write('echo still-$((3+3))\r');
    await waitFor(/still-6/);
    pty.write('exit 5\r');
    expect(await exited).toBe(5);
  });
});
