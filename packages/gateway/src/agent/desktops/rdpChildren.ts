import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/** Process groups of the RDP bridge still running, ended when the agent exits however it exits. */
const groups = new Set<number>();
let hooked = false;

const killGroup = (pid: number, signal: NodeJS.Signals): void => {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
};

/**
 * Starts `file` as the leader of its own process group (so one signal ends it and whatever it started) that
 * dies with the agent: an orderly exit signals the group from the 'exit' hook, and a SIGKILLed agent still takes
 * it along, since setpriv asks the kernel to signal the child when its parent dies (PR_SET_PDEATHSIG). SIGTERM
 * rather than SIGKILL: Xvnc then removes its display's socket and lock file, which would otherwise keep the
 * display number taken.
 */
export function spawnBridgeChild(
  file: string,
  args: string[],
  opts: Omit<SpawnOptions, 'detached'>,
): ChildProcess {
  if (!hooked) {
    hooked = true;
    process.on('exit', () => {
      for (const pid of groups) killGroup(pid, 'SIGTERM');
    });
  }
  const child = spawn('setpriv', ['--pdeathsig', 'TERM', '--', file, ...args], { ...opts, detached: true });
  const pid = child.pid;
  if (pid !== undefined) {
    groups.add(pid);
    child.once('exit', () => {
      groups.delete(pid);
      // Whatever the leader started and left behind goes with it.
      killGroup(pid, 'SIGKILL');
    });
  }
  return child;
}

/** Ends a child started by spawnBridgeChild and its group: SIGTERM, then SIGKILL if it lingers; resolves once it is gone. */
export async function stopBridgeChild(child: ChildProcess, graceMs = 2000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const pid = child.pid;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  killGroup(pid, 'SIGTERM');
  const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
