import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { UserCertificateAuthority } from './ca';

export interface SshTarget {
  host: string;
  port: number;
}

/** Splits "host:port" (or "[v6]:port"; port 22 when absent). */
export function parseSshAddr(addr: string): SshTarget {
  const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(addr) ?? /^([^:]+)(?::(\d+))?$/.exec(addr);
  if (!m?.[1]) throw new Error(`"${addr}" is not host:port`);
  return { host: m[1], port: m[2] ? Number(m[2]) : 22 };
}

export interface PreparedLogin {
  /** Arguments for OpenSSH's `ssh` up to and including the destination; append a command or nothing. */
  args: string[];
  /** Removes the short-lived key and certificate. */
  cleanup(): void;
}

/**
 * Connects to OpenSSH nodes the way any OpenSSH client would: a fresh key with a short-lived certificate from
 * the gateway's user CA for exactly one login. OpenSSH's own client is used because it speaks certificates
 * natively (ssh2's client does not offer them). Host keys are trusted on first use and pinned in the data
 * directory's known_hosts.
 */
export class OpenSshClient {
  private readonly keysDir: string;

  constructor(
    private readonly ca: UserCertificateAuthority,
    private readonly dataDir: string,
  ) {
    this.keysDir = path.join(dataDir, 'ssh-session-keys');
    mkdirSync(this.keysDir, { recursive: true, mode: 0o700 });
  }

  prepare(target: SshTarget, login: string, keyId: string, options: { tty: boolean }): PreparedLogin {
    const issued = this.ca.issue(login, keyId);
    const dir = mkdtempSync(path.join(this.keysDir, 's-'));
    const key = path.join(dir, 'id');
    writeFileSync(key, issued.privateKey, { mode: 0o600 });
    writeFileSync(`${key}-cert.pub`, issued.certificate, { mode: 0o600 });
    const args = [
      '-F', '/dev/null',
      '-o', 'BatchMode=yes',
      '-o', 'IdentitiesOnly=yes',
      '-o', `IdentityFile=${key}`,
      '-o', `CertificateFile=${key}-cert.pub`,
      '-o', `UserKnownHostsFile=${path.join(this.dataDir, 'ssh_known_hosts')}`,
      '-o', 'StrictHostKeyChecking=accept-new',
      '-o', 'LogLevel=ERROR',
      '-o', 'ServerAliveInterval=15',
      '-o', 'ConnectTimeout=10',
      options.tty ? '-tt' : '-T',
      '-p', String(target.port),
      '-l', login,
      target.host,
    ];
    return { args, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  }
}
