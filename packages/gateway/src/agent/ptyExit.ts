import { closeSync, constants, openSync } from 'node:fs';
import type { IPty } from 'node-pty';

/**
 * Keeps a PTY's terminal side open in the agent until release(). When the last process holding the terminal side
 * exits, Linux hangs the PTY up and discards what the agent had not read yet: a shell's last output before it
 * exits (`cat file; exit`) lost a few KiB in about half of the exits tried. Held open, the PTY never hangs up,
 * and the output stays readable until node-pty closes its end (200 ms after the shell's exit).
 */
export function holdTerminalSide(pty: IPty): { release(): void } {
  // node-pty's terminal names its terminal side, though its typings leave the name out.
  const name = (pty as IPty & { ptsName?: string }).ptsName;
  let fd: number | undefined;
  try {
    // O_NOCTTY: opening a terminal must not make it the agent's controlling terminal.
    if (name) fd = openSync(name, constants.O_RDWR | constants.O_NOCTTY);
  } catch {
    // Not held: the session works as before, with its last output at risk.
  }
  return {
    release() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}

/** Whether process `pid` is still there (once node-pty has reaped an exited shell, it is not). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
