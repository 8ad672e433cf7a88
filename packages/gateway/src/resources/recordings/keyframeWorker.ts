/**
 * The keyframe thread: parses every session's output into its screen (see Keyframer) off the gateway's event
 * loop, which parsing would otherwise take most of during a flood. One thread serves every session, at the
 * lowest CPU priority: terminals are served first and keyframes catch up when there is time. A recorded
 * session's output is read back from its output.bin, so however far the thread falls behind it holds no
 * backlog in memory.
 */
import { closeSync, openSync, readlinkSync, readSync } from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { Keyframer, type KeyframerOptions } from './keyframer';
import type { MirrorReply, MirrorRequest, RecordedStep, Screen } from './keyframeProtocol';

/** A recording is read back in pieces this large, one parsed before the next is read. */
const readBytes = 1024 * 1024;

const port = parentPort!;
const reply = (message: MirrorReply) => port.postMessage(message);

type Step = RecordedStep | { close: number };

/**
 * A recording's output is parsed once it pauses this long, or once its oldest unparsed step waited maxLagMs
 * (unless its options say otherwise). Even at the lowest priority, parsing beside a flood took as much CPU as
 * the agent and the gateway's event loop together and slowed the flood itself; a burst (a large file printed)
 * is parsed just after it instead, and keyframes of a session that never pauses lag its output by at most
 * maxLagMs.
 */
const defaultQuietMs = 150;
const defaultMaxLagMs = 5_000;

/**
 * A recorded session's screen: its steps are applied strictly in order, reading output from disk as it goes.
 * A screen wanted at an offset is answered when the output up to exactly there is parsed, without waiting
 * for a pause. The output file is opened for each step rather than held, so quiet sessions hold no
 * descriptor here.
 */
class DiskFedScreen {
  private readonly queue: { step: Step; given: number }[] = [];
  private running = false;
  private parsedTo = 0;
  private wants: { req: number; at: number }[] = [];
  private lastGiven = 0;
  private timer?: NodeJS.Timeout;
  private readonly quietMs: number;
  private readonly maxLagMs: number;

  constructor(
    private readonly keyframer: Keyframer,
    private readonly outputFile: string,
    options: KeyframerOptions,
  ) {
    this.quietMs = options.quietMs ?? defaultQuietMs;
    this.maxLagMs = options.maxLagMs ?? defaultMaxLagMs;
  }

  push(...steps: Step[]): void {
    this.lastGiven = performance.now();
    for (const step of steps) this.queue.push({ step, given: this.lastGiven });
    this.schedule();
  }

  want(req: number, at: number): void {
    this.wants.push({ req, at });
    if (!this.running) void this.answerWants();
    this.schedule();
  }

  /** How long the queued steps may still wait (0: apply them now). */
  private waitMs(): number {
    const first = this.queue[0];
    if (!first || this.wants.length || this.queue.some((q) => 'close' in q.step)) return 0;
    return Math.max(0, Math.min(this.lastGiven + this.quietMs, first.given + this.maxLagMs) - performance.now());
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.running || !this.queue.length) return;
    const wait = this.waitMs();
    if (wait === 0) void this.run();
    else this.timer = setTimeout(() => this.schedule(), wait);
  }

  private async run(): Promise<void> {
    this.running = true;
    while (this.queue.length && this.waitMs() === 0) await this.apply(this.queue.shift()!.step);
    this.running = false;
    this.schedule();
  }

  private async answerWants(): Promise<void> {
    const due = this.wants.filter((w) => w.at <= this.parsedTo);
    if (!due.length) return;
    this.wants = this.wants.filter((w) => w.at > this.parsedTo);
    const screen = await this.keyframer.current();
    for (const w of due) answer(w.req, screen);
  }

  private async apply(step: Step): Promise<void> {
    if ('output' in step) {
      const { t, offset, length } = step.output;
      const end = offset + length;
      let fd: number;
      try {
        fd = openSync(this.outputFile, 'r');
      } catch {
        // The recording was removed while it was written (its data deleted): the screen stays as it is, and
        // whoever waits for it gets that rather than waiting forever.
        this.parsedTo = Infinity;
        await this.answerWants();
        return;
      }
      try {
        for (let at = offset; at < end; ) {
          // Pieces end where a screen is wanted, so it is answered at exactly that offset.
          const wanted = Math.min(...this.wants.map((w) => w.at).filter((o) => o > at));
          const piece = Buffer.allocUnsafe(Math.min(readBytes, end - at, wanted - at));
          const n = readSync(fd, piece, 0, piece.length, at);
          if (n === 0) break;
          await new Promise<void>((parsed) => this.keyframer.feed(piece.subarray(0, n), t, parsed));
          at += n;
          this.parsedTo = at;
          await this.answerWants();
        }
      } finally {
        closeSync(fd);
      }
    } else if ('resize' in step) {
      this.keyframer.resize(step.resize.cols, step.resize.rows);
    } else {
      // Output that never became durable cannot be waited for: what is parsed is the answer.
      this.parsedTo = Infinity;
      await this.answerWants();
      await this.keyframer.close();
      answer(step.close);
    }
  }
}

const answer = (req: number, screen?: Screen) => reply({ type: 'reply', req, ...(screen ? { screen } : {}) });

const live = new Map<number, Keyframer>();
const recorded = new Map<number, DiskFedScreen>();

port.on('message', (m: MirrorRequest) => {
  if (m.op === 'open') {
    const keyframer = new Keyframer(m.cols, m.rows, m.options, (snapshot) => reply({ type: 'keyframe', id: m.id, snapshot }));
    if (m.recording) recorded.set(m.id, new DiskFedScreen(keyframer, m.recording, m.options));
    else live.set(m.id, keyframer);
    return;
  }
  const fromDisk = recorded.get(m.id);
  if (fromDisk) {
    if (m.op === 'steps') fromDisk.push(...m.steps);
    else if (m.op === 'current') fromDisk.want(m.req, m.at ?? 0);
    else if (m.op === 'close') {
      recorded.delete(m.id);
      fromDisk.push({ close: m.req });
    }
    return;
  }
  const screen = live.get(m.id);
  if (!screen) {
    if ('req' in m) answer(m.req);
    return;
  }
  switch (m.op) {
    case 'feed':
      screen.feed(m.bytes, m.t, () => reply({ type: 'parsed', id: m.id, bytes: m.bytes.length }));
      break;
    case 'resize':
      screen.resize(m.cols, m.rows);
      break;
    case 'current':
      void screen.current().then((current) => answer(m.req, current));
      break;
    case 'close':
      live.delete(m.id);
      void screen.close().then(() => answer(m.req));
      break;
  }
});

// Linux gives each thread its own nice value; elsewhere the thread keeps the gateway's priority.
try {
  os.setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 19);
} catch {
  // no /proc/thread-self: not Linux
}
