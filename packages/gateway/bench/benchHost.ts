/**
 * What the load benches change on this machine to hold thousands of shells, each undone by the function it
 * answers: a higher open-file limit for the bench (and the agents it spawns), room for more PTYs, and a
 * throwaway login whose shell is dash, the lightest login shell here.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const ptyMaxFile = '/proc/sys/kernel/pty/max';

/**
 * Raises this process's open-file limit (soft and hard) to `files`; children spawned afterwards inherit it.
 * Needs root (prlimit on itself); answers the soft limit in force afterwards.
 */
export function raiseFileLimit(files: number): number {
  try {
    execFileSync('prlimit', ['--pid', String(process.pid), `--nofile=${files}:${files}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    console.log(`   could not raise the open-file limit to ${files}: ${(err as { stderr?: Buffer }).stderr?.toString().trim() ?? (err as Error).message}`);
  }
  return Number(execFileSync('prlimit', ['--pid', String(process.pid), '--nofile', '--output=SOFT', '--noheadings']).toString().trim());
}

/** Makes room for at least `ptys` PTYs on the machine (kernel.pty.max); answers the function that restores it. */
export function ensurePtyRoom(ptys: number): () => void {
  const before = Number(readFileSync(ptyMaxFile, 'utf8'));
  if (before >= ptys) return () => undefined;
  writeFileSync(ptyMaxFile, String(ptys));
  console.log(`   kernel.pty.max raised from ${before} to ${ptys} for this run`);
  return () => writeFileSync(ptyMaxFile, String(before));
}

/**
 * Creates a system account `name` with no home whose login shell is /bin/dash; answers the function that removes
 * it. Its password is '*' (none) rather than locked ('!'), which OpenSSH without PAM would refuse even with a certificate.
 */
export function createThrowawayLogin(name: string): () => Promise<void> {
  if (spawnSync('getent', ['passwd', name]).status === 0) {
    throw new Error(`the account ${name} already exists; remove it (userdel ${name}) if an earlier run left it`);
  }
  execFileSync('useradd', ['--system', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/bin/dash', '--password', '*', name]);
  const uid = execFileSync('id', ['-u', name]).toString().trim();
  return async () => {
    // userdel refuses while the account runs anything: the shells this run started, if they outlived their sessions.
    const deadline = Date.now() + 10_000;
    for (let left = processesOf(uid); left.length && Date.now() < deadline; left = processesOf(uid)) {
      for (const pid of left) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    execFileSync('userdel', [name]);
  };
}

/** The processes running as `uid` (their real uid). */
function processesOf(uid: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return new RegExp(`^Uid:\\s+${uid}\\s`, 'm').test(readFileSync(`/proc/${entry}/status`, 'utf8'));
      } catch {
        return false;
      }
    })
    .map(Number);
}
