import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../ports';

export interface PrivateSshd {
  port: number;
  dir: string;
  /** The sshd's host public key line, for a known_hosts file. */
  hostKey: string;
  stop(): Promise<void>;
}

/**
 * Debian's real OpenSSH server on its own port with its own host key, trusting only the given user CA
 * (TrustedUserCAKeys). No PAM and no password or authorized-keys login, so a certificate is the only way in.
 */
export async function startPrivateSshd(trustedUserCaKey: string, extraConfig: string[] = []): Promise<PrivateSshd> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portcullis-sshd-'));
  const port = await freePort();
  mkdirSync('/run/sshd', { recursive: true });
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(dir, 'host_key')]);
  writeFileSync(path.join(dir, 'user_ca.pub'), trustedUserCaKey);
  const config = [
    `Port ${port}`,
    'ListenAddress 127.0.0.1',
    `HostKey ${path.join(dir, 'host_key')}`,
    `TrustedUserCAKeys ${path.join(dir, 'user_ca.pub')}`,
    'UsePAM no',
    'PasswordAuthentication no',
    'KbdInteractiveAuthentication no',
    'AuthorizedKeysFile none',
    'PermitRootLogin yes',
    'StrictModes no',
    'PidFile none',
    'LogLevel VERBOSE',
    ...extraConfig,
  ];
  writeFileSync(path.join(dir, 'sshd_config'), `${config.join('\n')}\n`);
  const child = spawn('/usr/sbin/sshd', ['-D', '-e', '-f', path.join(dir, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  await waitForListening(child, () => log);
  const hostKey = execFileSync('cat', [path.join(dir, 'host_key.pub')]).toString().trim();
  return {
    port,
    dir,
    hostKey,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForListening(child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (/Server listening/.test(log())) return;
    if (child.exitCode !== null) throw new Error(`sshd exited: ${log()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`sshd did not start: ${log()}`);
}
