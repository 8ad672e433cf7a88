import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface LoginAccount {
  name: string;
  uid: number;
  gid: number;
  home: string;
  shell: string;
}

/** A login that is not a valid account name on this host; sessions fail with this message, shown to the user. */
export class UnknownLoginError extends Error {
  constructor(login: string, host: string) {
    super(`login "${login}" does not exist on ${host}`);
  }
}

const loginPattern = /^[a-z_][a-z0-9_.-]*\$?$/i;

/** Looks the login up through NSS (getent), so LDAP or sssd accounts work as well as /etc/passwd. */
export async function lookupLogin(login: string, host: string): Promise<LoginAccount> {
  if (!loginPattern.test(login)) throw new UnknownLoginError(login, host);
  let stdout: string;
  try {
    ({ stdout } = await run('getent', ['passwd', login]));
  } catch {
    throw new UnknownLoginError(login, host);
  }
  const [name, , uid, gid, , home, shell] = stdout.trim().split(':');
  if (!name || uid === undefined || gid === undefined) throw new UnknownLoginError(login, host);
  // Service accounts often name a home that does not exist (nobody's is /nonexistent); start in / then.
  const dir = home && existsSync(home) ? home : '/';
  return { name, uid: Number(uid), gid: Number(gid), home: dir, shell: shell || '/bin/sh' };
}

/** The environment a login shell expects, without leaking the agent's own. */
export function loginEnvironment(account: LoginAccount, term = 'xterm-256color'): Record<string, string> {
  return {
    HOME: account.home,
    USER: account.name,
    LOGNAME: account.name,
    SHELL: account.shell,
    TERM: term,
    LANG: process.env.LANG ?? 'C.UTF-8',
    PATH: account.uid === 0 ? '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' : '/usr/local/bin:/usr/bin:/bin',
  };
}

/** Spawn options that run a child as the account (only possible when the agent runs as root). */
export function asAccount(account: LoginAccount): { uid?: number; gid?: number } {
  const self = process.getuid?.();
  return self === 0 ? { uid: account.uid, gid: account.gid } : {};
}
