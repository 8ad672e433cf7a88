import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { KeyframerOptions, ScreenSnapshot } from './keyframer';
import type { MirrorReply, MirrorRequest, RecordedStep, Screen } from './keyframeProtocol';

/**
 * How far a session's screen may lag its output. Past this the session's output waits (its credit is held
 * back), so a flood costs at most this much memory per session however slowly the screens are parsed.
 */
export const maxMirrorBacklogBytes = 4 * 1024 * 1024;

/** After the last screen closes the thread stays this long, so a burst of short sessions starts it once. */
const idleStopMs = 10_000;

/**
 * The screen of a session that is not recorded, kept on the keyframe thread (see Keyframer) and fed its output
 * as it happens.
 */
export interface ScreenMirror {
  feed(bytes: Uint8Array, t: number): void;
  resize(cols: number, rows: number): void;
  /** Bytes fed that are not on the screen yet. */
  readonly backlog: number;
  /** Calls `then` as soon as the backlog is at most `bytes` (at once if it is already). */
  whenWithin(bytes: number, then: () => void): void;
  /** The screen after everything fed so far. */
  current(): Promise<Screen>;
  /** Takes a last keyframe if output arrived since the previous one; resolves once it has been emitted. */
  close(): Promise<void>;
}

/** The screen of a recorded session, which the thread reads back from output.bin as steps become durable. */
export interface RecordingScreen {
  steps(steps: RecordedStep[]): void;
  /** The screen after exactly `offset` bytes of output (answered once the steps up to there have been given). */
  at(offset: number): Promise<Screen>;
  close(): Promise<void>;
}

/**
 * The built gateway ships the thread as keyframeWorker.js beside its bundle. From source (tsx, jest) the thread
 * loads the TypeScript through tsx's require: a loader given as `--import` in a worker's execArgv is
 * registered only after the worker's entry has already failed to load.
 */
function startWorker(): Worker {
  const built = new URL('./keyframeWorker.js', import.meta.url);
  if (existsSync(built)) return new Worker(built);
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const source = JSON.stringify(fileURLToPath(new URL('./keyframeWorker.ts', import.meta.url)));
  return new Worker(`require(${JSON.stringify(tsx)}).require(${source}, ${source});`, { eval: true });
}

type Request = { op: 'current' | 'close'; id: number; at?: number };

/**
 * The one worker thread that parses every session's output into its screen (keyframeWorker.ts), so a flood's
 * parsing (over 10 ns per byte, more than everything else the gateway does with it) runs beside the event
 * loop, at low priority, instead of on it. Started with the first screen, stopped when none has been open for
 * idleStopMs; if it dies, open screens stop taking keyframes (the recordings stay playable from their start)
 * and the next session starts a new thread.
 */
export class KeyframeThread {
  private worker?: Worker;
  private readonly mirrors = new Map<number, RemoteMirror>();
  private readonly replies = new Map<number, (screen?: Screen) => void>();
  private nextId = 1;
  private nextReq = 1;
  private idleTimer?: NodeJS.Timeout;

  open(cols: number, rows: number, options: KeyframerOptions, emit: (snapshot: ScreenSnapshot) => void): ScreenMirror {
    return this.add(cols, rows, options, emit);
  }

  /** A recorded session's screen, read back from `outputFile` (output.bin). */
  openRecording(outputFile: string, cols: number, rows: number, options: KeyframerOptions, emit: (snapshot: ScreenSnapshot) => void): RecordingScreen {
    return this.add(cols, rows, options, emit, outputFile);
  }

  private add(cols: number, rows: number, options: KeyframerOptions, emit: (snapshot: ScreenSnapshot) => void, recording?: string): RemoteMirror {
    clearTimeout(this.idleTimer);
    this.worker ??= this.start();
    this.worker.ref();
    const id = this.nextId++;
    const mirror = new RemoteMirror(this, id, cols, rows, emit);
    this.mirrors.set(id, mirror);
    this.post({ op: 'open', id, cols, rows, options, ...(recording ? { recording } : {}) });
    return mirror;
  }

  post(message: MirrorRequest): void {
    this.worker?.postMessage(message);
  }

  request(message: Request): Promise<Screen | undefined> {
    if (!this.worker) return Promise.resolve(undefined);
    const req = this.nextReq++;
    return new Promise((resolve) => {
      this.replies.set(req, resolve);
      this.post({ ...message, req });
    });
  }

  /** A screen was closed: with none left, the thread may stop. */
  forget(id: number): void {
    this.mirrors.delete(id);
    if (this.mirrors.size || !this.worker) return;
    this.worker.unref();
    this.idleTimer = setTimeout(() => this.stop(), idleStopMs);
    this.idleTimer.unref();
  }

  private start(): Worker {
    const worker = startWorker();
    worker.on('message', (m: MirrorReply) => this.receive(m));
    worker.on('error', (err) => this.lost(worker, err.message));
    worker.on('exit', (code) => this.lost(worker, `exited with code ${code}`));
    return worker;
  }

  private stop(): void {
    const worker = this.worker;
    this.worker = undefined;
    this.settle();
    void worker?.terminate();
  }

  private receive(m: MirrorReply): void {
    if (m.type === 'reply') {
      const resolve = this.replies.get(m.req);
      this.replies.delete(m.req);
      resolve?.(m.screen);
    } else if (m.type === 'keyframe') {
      this.mirrors.get(m.id)?.emit(m.snapshot);
    } else {
      this.mirrors.get(m.id)?.parsed(m.bytes);
    }
  }

  private lost(worker: Worker, why: string): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    process.emitWarning(`the keyframe thread stopped (${why}): open sessions keep recording without keyframes`);
    this.settle();
    for (const mirror of this.mirrors.values()) mirror.parsed(mirror.backlog);
  }

  /** Answers every open request with nothing: the thread that would have answered is gone. */
  private settle(): void {
    for (const resolve of this.replies.values()) resolve(undefined);
    this.replies.clear();
  }
}

class RemoteMirror implements ScreenMirror, RecordingScreen {
  backlog = 0;
  private waiters: { bytes: number; then: () => void }[] = [];
  private closing?: Promise<void>;

  constructor(
    private readonly thread: KeyframeThread,
    private readonly id: number,
    private cols: number,
    private rows: number,
    readonly emit: (snapshot: ScreenSnapshot) => void,
  ) {}

  feed(bytes: Uint8Array, t: number): void {
    if (this.closing) return;
    this.backlog += bytes.length;
    this.thread.post({ op: 'feed', id: this.id, bytes, t });
  }

  steps(steps: RecordedStep[]): void {
    if (!this.closing && steps.length) this.thread.post({ op: 'steps', id: this.id, steps });
  }

  resize(cols: number, rows: number): void {
    this.cols = cols;
    this.rows = rows;
    this.thread.post({ op: 'resize', id: this.id, cols, rows });
  }

  current(): Promise<Screen> {
    return this.screenWhen({ op: 'current', id: this.id });
  }

  at(offset: number): Promise<Screen> {
    return this.screenWhen({ op: 'current', id: this.id, at: offset });
  }

  private async screenWhen(request: Request): Promise<Screen> {
    return (await this.thread.request(request)) ?? { cols: this.cols, rows: this.rows, screen: '' };
  }

  close(): Promise<void> {
    this.closing ??= this.thread.request({ op: 'close', id: this.id }).then(() => {
      this.parsed(this.backlog);
      this.thread.forget(this.id);
    });
    return this.closing;
  }

  whenWithin(bytes: number, then: () => void): void {
    if (this.backlog <= bytes) then();
    else this.waiters.push({ bytes, then });
  }

  parsed(bytes: number): void {
    this.backlog -= bytes;
    if (!this.waiters.length) return;
    const ready = this.waiters.filter((w) => this.backlog <= w.bytes);
    this.waiters = this.waiters.filter((w) => this.backlog > w.bytes);
    for (const w of ready) w.then();
  }
}

/** The gateway's keyframe thread, shared by every recording and live session of the process. */
export const keyframeThread = new KeyframeThread();
