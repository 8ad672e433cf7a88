import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desEncrypt } from '../../src/agent/desktops/des';
import { accepts, freePort } from '../ports';
import { eventually } from '../servers/fixtures';

/** A real Xvnc on this machine, optionally with an xterm on it, for the desktop tests. */
export interface RunningXvnc {
  display: number;
  port: number;
  stop(): Promise<void>;
}

/**
 * The key VNC servers obfuscate stored passwords with (vncpasswd's fixed key, its bits already in DES's order):
 * a password file is the password, zero-padded to 8 bytes, encrypted under it.
 */
const passwordFileKey = Buffer.from('e84ad660c4721ae0', 'hex');

/** A display number no X server on this machine holds (others' tests run Xvnc too). */
function freeDisplay(): number {
  const start = 60 + Math.floor(Math.random() * 300);
  for (let n = start; n < start + 300; n++) if (!existsSync(`/tmp/.X11-unix/X${n}`) && !existsSync(`/tmp/.X${n}-lock`)) return n;
  throw new Error('no free X display number');
}

/** A child that never started (spawn's 'error', such as a missing program) emits no 'exit': it has no pid. */
const gone = (child: ChildProcess) => child.pid === undefined || child.exitCode !== null || child.signalCode !== null;

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (gone(child)) return resolve();
    child.once('exit', () => resolve());
    child.once('error', () => gone(child) && resolve());
  });

/** How long a child has to exit on SIGTERM before it is killed, and then on SIGKILL before it is left behind. */
const termGraceMs = 5_000;

/** Whether the child exited within `ms`. */
async function exitsWithin(child: ChildProcess, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const result = await Promise.race([exited(child).then(() => true), late]);
  clearTimeout(timer);
  return result;
}

/**
 * Ends a child: SIGTERM, then SIGKILL if it has not exited within the grace. Xvnc and xterm exit on SIGTERM at
 * once here, yet one CI run saw a stop wait out jest's 60 s hook timeout, which fails the whole suite with no
 * word of why; a fixture's cleanup must not hang a suite, so a child still there after SIGKILL is named in a
 * warning and left to the system.
 */
async function terminate(child: ChildProcess): Promise<void> {
  if (gone(child)) return;
  child.kill('SIGTERM');
  if (await exitsWithin(child, termGraceMs)) return;
  child.kill('SIGKILL');
  if (!(await exitsWithin(child, termGraceMs))) console.warn(`${child.spawnfile} (pid ${child.pid}) was still running ${termGraceMs} ms after SIGKILL`);
}

/**
 * Starts Xvnc at 800x600x24 on a free display and port (VNC Authentication with `password`, else None), and,
 * with `xterm`, an 80x24 xterm at the top left with a green background whose shell has printed KNOWN-CONTENT
 * (or runs `xtermCommand` instead).
 * Resolves once Xvnc accepts connections.
 */
export async function startXvnc(opts: { password?: string; xterm?: boolean; xtermCommand?: string } = {}): Promise<RunningXvnc> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portcullis-xvnc-'));
  const display = freeDisplay();
  const port = await freePort();
  const security = ['-SecurityTypes', opts.password === undefined ? 'None' : 'VncAuth'];
  if (opts.password !== undefined) {
    const file = path.join(dir, 'passwd');
    const padded = Buffer.alloc(8);
    Buffer.from(opts.password, 'latin1').copy(padded, 0, 0, 8);
    writeFileSync(file, desEncrypt(passwordFileKey, padded), { mode: 0o600 });
    security.push('-PasswordFile', file);
  }
  const xvnc = spawn('Xvnc', [`:${display}`, '-geometry', '800x600', '-depth', '24', '-rfbport', String(port), '-localhost', ...security], { stdio: 'ignore' });
  const children: ChildProcess[] = [xvnc];
  const stop = async () => {
    for (const child of [...children].reverse()) await terminate(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await eventually(async () => {
      if (xvnc.exitCode !== null) throw new Error(`Xvnc :${display} exited with code ${xvnc.exitCode}`);
      return accepts(port);
    }, `Xvnc :${display} to accept connections on port ${port}`);
    if (opts.xterm) {
      const xterm = spawn('xterm', ['-geometry', '80x24+0+0', '-bg', '#00ff00', '-fg', 'black', '-e', opts.xtermCommand ?? 'echo KNOWN-CONTENT; exec bash --norc'], {
        stdio: 'ignore',
        env: { ...process.env, DISPLAY: `:${display}` },
      });
      children.push(xterm);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { display, port, stop };
}
