import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  watch,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../ports';

export interface TestXrdp {
  port: number;
  user: string;
  password: string;
  uid: number;
  dir: string;
  /**
   * Starts xrdp again if it has exited, saying so on the console. Debian's xrdp has been seen to exit while
   * resizing a session on a loaded machine; each test starts from a listening xrdp, as each would against a server
   * that an init system restarts.
   */
  ensureListening(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Debian's real xrdp and xrdp-sesman with their own configuration, certificate and logs, serving one Linux user
 * created for the test. Each session is an Xvnc (xrdp's libvnc.so) running only an xterm that prints KNOWN.
 * require_credentials makes xrdp log on with the client's login and password and disconnect when PAM refuses them,
 * rather than showing its own login dialog.
 *
 * xrdp always looks for sesman at the port in /etc/xrdp/sesman.ini, so the test's sesman must listen there.
 */
export async function startTestXrdp(): Promise<TestXrdp> {
  const sesmanPort = /^ListenPort=(\d+)/m.exec(readFileSync('/etc/xrdp/sesman.ini', 'utf8'))?.[1] ?? '3350';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portcullis-xrdp-'));
  // sesman runs startwm.sh as the test user.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const user = `pcrdp${randomBytes(3).toString('hex')}`;
  const password = `Pw-${randomBytes(9).toString('base64url')}`;
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      `${dir}/key.pem`,
      '-out',
      `${dir}/cert.pem`,
    ],
    { stdio: 'ignore' },
  );
  execFileSync('useradd', ['-m', '-s', '/bin/bash', user]);
  execFileSync('chpasswd', { input: `${user}:${password}\n` });
  const uid = Number(execFileSync('id', ['-u', user]).toString().trim());

  writeFileSync(
    `${dir}/xrdp.ini`,
    ini({
      Globals: {
        ini_version: '1',
        fork: 'false',
        port: `tcp://127.0.0.1:${port}`,
        security_layer: 'tls',
        crypt_level: 'high',
        certificate: `${dir}/cert.pem`,
        key_file: `${dir}/key.pem`,
        ssl_protocols: 'TLSv1.2, TLSv1.3',
        autorun: 'Xvnc',
        require_credentials: 'true',
        hidelogwindow: 'true',
        allow_channels: 'true',
        max_bpp: '24',
      },
      Logging: { LogFile: `${dir}/xrdp.log`, LogLevel: 'DEBUG', EnableSyslog: 'false' },
      // FreeRDP asks for its static channels; xrdp must answer their joins, though the desktop uses none of them.
      Channels: {
        rdpdr: 'false',
        rdpsnd: 'false',
        drdynvc: 'true',
        cliprdr: 'false',
        rail: 'false',
        xrdpvr: 'false',
        tcutils: 'false',
      },
      Xvnc: { name: 'Xvnc', lib: 'libvnc.so', username: 'ask', password: 'ask', ip: '127.0.0.1', port: '-1' },
    }),
  );
  writeFileSync(
    `${dir}/sesman.ini`,
    `${ini({
      Globals: {
        ListenAddress: '127.0.0.1',
        ListenPort: sesmanPort,
        EnableUserWindowManager: 'false',
        DefaultWindowManager: `${dir}/startwm.sh`,
        ReconnectScript: `${dir}/startwm.sh`,
      },
      Security: { AllowRootLogin: 'false', MaxLoginRetry: '4', AlwaysGroupCheck: 'false' },
      Sessions: {
        X11DisplayOffset: '40',
        MaxSessions: '10',
        KillDisconnected: 'false',
        IdleTimeLimit: '0',
        Policy: 'UBC',
      },
      // DEBUG is the only level at which sesman says it listens.
      Logging: { LogFile: `${dir}/sesman.log`, LogLevel: 'DEBUG', EnableSyslog: 'false' },
      Chansrv: { FuseMountName: 'thinclient_drives' },
      SessionVariables: {},
    })}[Xvnc]\n${['Xvnc', '-bs', '-nolisten', 'tcp', '-localhost', '-dpi', '96'].map((p) => `param=${p}`).join('\n')}\n`,
  );
  writeFileSync(
    `${dir}/startwm.sh`,
    `#!/bin/sh\nexec xterm -geometry 80x24+0+0 -e 'echo KNOWN; exec bash'\n`,
    { mode: 0o755 },
  );

  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
    }
    // The sessions sesman started (Xvnc, xterm, chansrv) run as the test user, detached from sesman. SIGTERM lets
    // each Xvnc remove its display's socket and lock; whatever ignores it is killed.
    const signal = (sig: NodeJS.Signals) => {
      for (const pid of processesOf(uid)) {
        try {
          process.kill(pid, sig);
        } catch {
          // Already gone.
        }
      }
    };
    signal('SIGTERM');
    await waitFor(() => processesOf(uid).length === 0, 3000, "the test user's sessions to end").catch(() =>
      signal('SIGKILL'),
    );
    await waitFor(() => processesOf(uid).length === 0, 5000, 'the test user to have no process left');
    // A killed Xvnc leaves its display behind, and sesman would count it as taken next time.
    for (const [, display] of readLog(`${dir}/sesman.log`).matchAll(/Starting X server on display (\d+)/g)) {
      rmSync(`/tmp/.X11-unix/X${display}`, { force: true });
      rmSync(`/tmp/.X${display}-lock`, { force: true });
    }
    execFileSync('userdel', ['-r', user], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  const listeningLines = () => readLog(`${dir}/xrdp.log`).match(/listening to port/g)?.length ?? 0;
  let xrdp: ChildProcess;
  const startXrdp = async () => {
    const before = listeningLines();
    xrdp = spawn('xrdp', ['-n', '-c', `${dir}/xrdp.ini`], { stdio: 'ignore' });
    children.push(xrdp);
    await waitFor(() => listeningLines() > before, 10_000, 'xrdp to listen', dir);
  };
  const ensureListening = async () => {
    if (xrdp.exitCode === null && xrdp.signalCode === null) return;
    console.warn(`xrdp had exited (${xrdp.signalCode ?? `code ${xrdp.exitCode}`}); starting it again`);
    await startXrdp();
  };
  try {
    children.push(spawn('xrdp-sesman', ['-n', '-c', `${dir}/sesman.ini`], { stdio: 'ignore' }));
    await waitForLog(dir, 'sesman.log', /sesman_create_listening_transport/);
    await startXrdp();
    return { port, user, password, uid, dir, ensureListening, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

function ini(sections: Record<string, Record<string, string>>): string {
  return Object.entries(sections)
    .map(
      ([name, values]) =>
        `[${name}]\n${Object.entries(values)
          .map(([k, v]) => `${k}=${v}\n`)
          .join('')}`,
    )
    .join('');
}

/** The pids of the processes running as `uid`. */
export function processesOf(uid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return new RegExp(`^Uid:\\s+${uid}\\s`, 'm').test(readFileSync(`/proc/${pid}/status`, 'utf8'));
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Resolves once `check()` holds, re-checking whenever something in `dir` changes; rejects after `ms`. */
export function waitFor(check: () => boolean, ms: number, what: string, dir = '/tmp'): Promise<void> {
  return new Promise((resolve, reject) => {
    if (check()) return resolve();
    const watcher = watch(dir, () => {
      if (!check()) return;
      finish();
      resolve();
    });
    // /proc does not announce exits; the clock re-checks those.
    const tick = setInterval(() => {
      if (!check()) return;
      finish();
      resolve();
    }, 100);
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`timed out waiting for ${what}`));
    }, ms);
    const finish = () => {
      watcher.close();
      clearInterval(tick);
      clearTimeout(timer);
    };
  });
}

const readLog = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

const waitForLog = (dir: string, file: string, line: RegExp) =>
  waitFor(() => line.test(readLog(`${dir}/${file}`)), 10_000, `${file} to say ${line}`, dir).catch(
    (err: Error) => {
      throw new Error(`${err.message}; it says:\n${readLog(`${dir}/${file}`)}`);
    },
  );
