import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/**
 * One `ssh -tt` session (the benches' baseline), read by this process as a terminal would read it: counts the
 * output, keeps its tail for markers, and with `keep` all of it.
 */
export class SshSession {
  received = 0;
  /** When the first output arrived since the last clear() (performance.now()). */
  firstByteAt = 0;
  private readonly chunks: Buffer[] = [];
  private tail = '';
  private waiters: (() => void)[] = [];
  readonly child: ChildProcess;
  /** Resolves once ssh has exited and all of its output has been read ('close', not 'exit', which can come first). */
  readonly exited: Promise<void>;
  private over = false;

  /** `args` are the ssh arguments up to the host; `command` runs instead of a login shell. */
  constructor(args: string[], options: { command?: string; keep?: boolean } = {}) {
    this.child = spawn('ssh', options.command ? [...args, options.command] : args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout!.on('data', (d: Buffer) => {
      this.firstByteAt ||= performance.now();
      this.received += d.length;
      if (options.keep) this.chunks.push(d);
      this.tail = (this.tail + d.subarray(-256).toString('latin1')).slice(-256);
      for (const w of this.waiters.splice(0)) w();
    });
    this.child.stderr!.on('data', (d: Buffer) => (this.tail += d.toString()));
    this.exited = new Promise((resolve) =>
      this.child.once('close', () => {
        this.over = true;
        resolve();
      }),
    );
    void this.exited.then(() => {
      for (const w of this.waiters.splice(0)) w();
    });
  }

  /** Resolves once `text` is among the last output received (since the last clear()). */
  async waitFor(text: string): Promise<void> {
    while (!this.tail.includes(text)) {
      if (this.over) throw new Error(`ssh exited with ${this.child.exitCode} before "${text}": ${this.tail}`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Resolves once `bytes` have been received in all, or ssh has exited. */
  async waitForBytes(bytes: number): Promise<void> {
    while (this.received < bytes && !this.over) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** Forgets the output's tail and first-byte time, so markers and timings start afresh. */
  clear(): void {
    this.tail = '';
    this.firstByteAt = 0;
  }

  write(text: string): void {
    this.child.stdin!.write(text);
  }

  /** With `keep`: everything between the last `start` and `end` markers received. */
  between(start: string, end: string): Buffer {
    const all = Buffer.concat(this.chunks);
    const from = all.lastIndexOf(start);
    const to = all.lastIndexOf(end);
    return from < 0 || to < from ? Buffer.alloc(0) : all.subarray(from + start.length, to);
  }

  async close(): Promise<void> {
    if (this.child.exitCode === null) this.child.kill('SIGTERM');
    await this.exited;
  }
}
