import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { spawnBridgeChild, stopBridgeChild } from './rdpChildren';
import { randomVncPassword, vncPasswdFile, xauthorityFile } from './rdpSecrets';

/** A private TigerVNC server for one RDP session: its X display, and its RFB port on the loopback. */
export interface PrivateXvnc {
  display: number;
  port: number;
  password: string;
  /** The Xauthority file its X clients need (XAUTHORITY). */
  xauthority: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

// Displays far above the ones people and xrdp (10+) use, so the bridge never takes :0 from a real X server.
const firstDisplay = 100;
const lastDisplay = 999;
const attempts = 8;

/** A port the kernel just handed out on the loopback; Xvnc may still lose it to someone else, and then we retry. */
const loopbackPort = async (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** A display number with no socket and no lock file; Xvnc's own lock settles a race with another session. */
function unusedDisplay(): number {
  for (;;) {
    const n = randomInt(firstDisplay, lastDisplay + 1);
    if (!existsSync(`/tmp/.X11-unix/X${n}`) && !existsSync(`/tmp/.X${n}-lock`)) return n;
  }
}

type Outcome = { ok: true } | { ok: false; retry: boolean; log: string };

/** Resolves once Xvnc says it listens for VNC connections, or with why it exited first. */
function started(child: ChildProcess): Promise<Outcome> {
  return new Promise((resolve) => {
    let log = '';
    const onData = (d: Buffer) => {
      log += d.toString();
      if (/Listening for VNC connections/.test(log)) {
        child.stderr?.off('data', onData);
        child.off('exit', onExit);
        // Keep draining stderr so a chatty server never blocks on a full pipe.
        child.stderr?.resume();
        resolve({ ok: true });
      }
    };
    const onExit = () =>
      resolve({ ok: false, retry: /already active for display|Address already in use/.test(log), log });
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
    child.once('error', (err) => resolve({ ok: false, retry: false, log: err.message }));
  });
}

/**
 * Starts Xvnc on an unused display and loopback port, asking VNC Authentication with a fresh random password
 * (a bare loopback port would let any local user in) and letting every viewer share the desktop (-AlwaysShared:
 * observers connect beside the session). RandR resizing stays on, so a viewer's SetDesktopSize resizes the screen.
 */
export async function startPrivateXvnc(dir: string, width: number, height: number): Promise<PrivateXvnc> {
  const password = randomVncPassword();
  const passwordFile = path.join(dir, 'vncpasswd');
  const xauthority = path.join(dir, 'Xauthority');
  writeFileSync(passwordFile, vncPasswdFile(password), { mode: 0o600 });
  writeFileSync(xauthority, xauthorityFile(randomBytes(16)), { mode: 0o600 });

  let lastLog = '';
  for (let i = 0; i < attempts; i++) {
    const display = unusedDisplay();
    const port = await loopbackPort();
    // -nolisten tcp: X clients reach the display only through its Unix socket, with the cookie.
    const args = [
      `:${display}`,
      ...['-geometry', `${width}x${height}`, '-depth', '24'],
      ...['-localhost', '-rfbport', String(port), '-nolisten', 'tcp', '-auth', xauthority],
      ...[
        '-SecurityTypes',
        'VncAuth',
        '-PasswordFile',
        passwordFile,
        '-AlwaysShared',
        '-AcceptSetDesktopSize',
      ],
      // xfreerdp draws with plain X calls; GLX would load Mesa and cost some 50 MB per session for nothing.
      ...['-extension', 'GLX', '-desktop', 'Portcullis RDP'],
    ];
    const child = spawnBridgeChild('Xvnc', args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    const outcome = await started(child);
    if (outcome.ok)
      return { display, port, password, xauthority, process: child, stop: () => stopBridgeChild(child) };
    lastLog = outcome.log;
    if (!outcome.retry) break;
  }
  throw new Error(
    `the agent could not start its VNC server (Xvnc) for the RDP session: ${lastLog.trim().split('\n').slice(-3).join(' ')}`,
  );
}
