import { closeSync, constants, openSync } from 'node:fs';
import type { IPty } from 'node-pty';

/** How often a PTY paused for credit checks whether its process has exited (well within node-pty's 200 ms). */
const exitWatchMs = 50;

/**
 * Flow control of a PTY's output (pause while the reader has no credit, resume when it has) that keeps the
 * process's last output. When the last process holding a PTY's terminal side exits, Linux hangs the PTY up and
 * discards what was not read yet (200 KB printed just before an exit lost up to 12 KB in half the tries), so the
 * terminal side is held open until node-pty reports the exit (keepLastOutput). And node-pty closes the PTY 200 ms
 * after the exit whether its output was read or not, so while paused the process is watched for, and once it is
 * gone what is left is read regardless: it is no more than the PTY holds, since nothing writes to it any more.
 */
export class PtyFlow {
  private paused = false;
  private processGone = false;
  private watch: NodeJS.Timeout | undefined;

  constructor(private readonly pty: IPty) {
    keepLastOutput(pty);
    pty.onExit(() => clearInterval(this.watch));
  }

  pause(): void {
    if (this.paused || this.processGone) return;
    this.paused = true;
    this.pty.pause();
    this.watch = setInterval(() => {
      if (isRunning(this.pty.pid)) return;
      this.processGone = true;
      this.resume();
    }, exitWatchMs);
  }

  resume(): void {
    if (!this.paused) return;
    clearInterval(this.watch);
    this.paused = false;
    this.pty.resume();
  }
}

/**
 * Holds the PTY's terminal side open until node-pty reports the process's exit, so the PTY does not hang up and
 * discard what was not read yet (see PtyFlow). For a PTY that is never paused, this is all it needs.
 */
export function keepLastOutput(pty: IPty): void {
  // node-pty's terminal names its terminal side, though its typings leave the name out.
  const name = (pty as IPty & { ptsName?: string }).ptsName;
  let fd: number;
  try {
    // O_NOCTTY: opening a terminal must not make it this process's controlling terminal.
    if (!name) return;
    fd = openSync(name, constants.O_RDWR | constants.O_NOCTTY);
  } catch {
    return; // not held: the PTY works as it did, its last output at risk
  }
  pty.onExit(() => closeSync(fd));
}

/** Whether process `pid` is still there (once node-pty has reaped an exited process, it is not). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
