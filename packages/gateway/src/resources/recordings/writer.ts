import { mkdir, open, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FORMAT_VERSION, RECORD_SIZE, RecordKind, encodeRecord, files, type IndexRecord, type RecordingMeta } from './format';
import type { KeyframerOptions, ScreenSnapshot } from './keyframer';
import type { RecordedStep, Screen } from './keyframeProtocol';
import { keyframeThread, type KeyframeThread, type RecordingScreen } from './screenMirrors';
import type { RecordingText } from './search/indexer';

export interface WriterOptions {
  /** Pending output is made durable at most this long after it arrived: a crash loses at most this much. */
  flushIntervalMs: number;
  /** ... or as soon as this many bytes are pending. */
  flushBytes: number;
  /** Output chunks closer together than this share one index record (the console batches at about 10 ms). */
  coalesceMs: number;
  keyframes: KeyframerOptions;
  /** Where the session's screen is kept for keyframes. */
  screens: KeyframeThread;
  now: () => number;
}

export const defaultWriterOptions: WriterOptions = {
  flushIntervalMs: 500,
  flushBytes: 1024 * 1024,
  coalesceMs: 10,
  keyframes: { intervalMs: 15_000, bytes: 1024 * 1024, idleMs: 5_000 },
  screens: keyframeThread,
  now: Date.now,
};

export type NewRecording = Omit<RecordingMeta, 'version' | 'startTime'>;

/**
 * Records one session as it runs. Output, resizes and keyframes are buffered and appended on a short interval
 * (or when enough is pending); each flush syncs the data files before the index that points into them.
 * The files are opened for each flush rather than held: thousands of sessions, most of them quiet, would
 * otherwise hold three descriptors each, and the open costs little beside the sync every flush makes anyway.
 */
export class RecordingWriter {
  private readonly startMs: number;
  /** The session's screen, from which keyframes are taken: it follows what each flush made durable. */
  private readonly screen: RecordingScreen;
  /** Session time of the end, once close() began: records written while closing carry it. */
  private endedAt?: number;
  private outputSize = 0;
  private keyframesSize = 0;
  private lastT = 0;
  private pendingOutput: Uint8Array[] = [];
  private pendingOutputBytes = 0;
  private pendingKeyframes: Buffer[] = [];
  private pendingRecords: IndexRecord[] = [];
  private flushTimer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private failure?: Error;
  private closed = false;

  private constructor(
    readonly dir: string,
    meta: RecordingMeta,
    startMs: number,
    private readonly options: WriterOptions,
    private readonly text?: RecordingText,
  ) {
    this.startMs = startMs;
    this.screen = options.screens.openRecording(path.join(dir, files.output), meta.cols, meta.rows, options.keyframes, (s) => this.addKeyframe(s));
  }

  /** `index`, when given, is told the recording's meta and then fed its text, for search. */
  static async create(dir: string, recording: NewRecording, options: Partial<WriterOptions> = {}, index?: (meta: RecordingMeta) => RecordingText): Promise<RecordingWriter> {
    const opts = { ...defaultWriterOptions, ...options };
    const startMs = opts.now();
    const meta: RecordingMeta = { version: FORMAT_VERSION, startTime: new Date(startMs).toISOString(), ...recording };
    await mkdir(dir, { recursive: true });
    for (const file of [files.output, files.keyframes, files.index]) await writeFile(path.join(dir, file), '', { flag: 'a' });
    // meta.json appears last and atomically: a directory with it is always a readable recording.
    const tmp = path.join(dir, `${files.meta}.tmp`);
    await writeFile(tmp, JSON.stringify(meta), { flush: true });
    await rename(tmp, path.join(dir, files.meta));
    return new RecordingWriter(dir, meta, startMs, opts, index?.(meta));
  }

  /**
   * Bytes the terminal printed. They are kept as they are until written, not copied (a flood's every copy costs
   * the collector too): the caller must not change them afterwards, which the session core's chunks never are.
   * A chunk that is a small part of a larger buffer (an echo cut from a socket read that carried many sessions'
   * frames) is copied instead, so a trickle of output cannot hold many such buffers until the flush.
   */
  output(chunk: Uint8Array): void {
    if (this.closed || chunk.length === 0) return;
    const bytes = chunk.byteLength * 2 >= chunk.buffer.byteLength ? chunk : Buffer.from(chunk);
    const t = this.elapsed();
    const last = this.pendingRecords.at(-1);
    if (last?.kind === RecordKind.output && t - last.t < this.options.coalesceMs) {
      last.a += bytes.length;
    } else {
      this.pendingRecords.push({ kind: RecordKind.output, t, offset: this.outputSize, a: bytes.length, b: 0 });
    }
    this.pendingOutput.push(bytes);
    this.pendingOutputBytes += bytes.length;
    this.outputSize += bytes.length;
    this.text?.output(t, bytes);
    this.scheduleFlush();
  }

  /** Bytes a participant typed: not part of the playback, only of the text search finds. */
  input(bytes: Uint8Array): void {
    if (this.closed || !this.text) return;
    this.text.input(this.elapsed(), bytes);
  }

  resize(cols: number, rows: number): void {
    if (this.closed) return;
    this.pendingRecords.push({ kind: RecordKind.resize, t: this.elapsed(), offset: this.outputSize, a: cols, b: rows });
    this.scheduleFlush();
  }

  /**
   * The screen after exactly the output given so far, for someone joining the session, who is then sent what
   * comes after. The output still pending is flushed, since the screen is read back from disk.
   */
  currentScreen(): Promise<Screen> {
    const screen = this.screen.at(this.outputSize);
    void this.flush();
    return screen;
  }

  /** Makes everything received so far durable. */
  flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  /**
   * Writes the end record, once the last keyframe is taken (the keyframe thread may first have to catch up with
   * a flood). Throws if any flush failed, so the caller can report it.
   */
  async close(): Promise<void> {
    if (this.closed) return this.flushing;
    this.closed = true;
    this.endedAt = this.elapsed();
    this.text?.end(this.endedAt);
    await this.flush();
    await this.screen.close();
    this.pendingRecords.push({ kind: RecordKind.end, t: this.elapsed(), offset: this.outputSize, a: 0, b: 0 });
    await this.flush();
    if (this.failure) throw this.failure;
  }

  private addKeyframe(s: ScreenSnapshot): void {
    const blob = Buffer.from(JSON.stringify({ cols: s.cols, rows: s.rows, screen: s.screen }));
    this.pendingRecords.push({ kind: RecordKind.keyframe, t: this.elapsed(), offset: s.offset, a: this.keyframesSize, b: blob.length });
    this.pendingKeyframes.push(blob);
    this.keyframesSize += blob.length;
    this.scheduleFlush();
  }

  // Index records must be ordered by time; the clock of the host may step back, the record times may not.
  private elapsed(): number {
    if (this.endedAt !== undefined) return this.endedAt;
    this.lastT = Math.max(this.lastT, this.options.now() - this.startMs);
    return this.lastT;
  }

  private scheduleFlush(): void {
    if (this.pendingOutputBytes >= this.options.flushBytes) {
      void this.flush();
    } else if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => void this.flush(), this.options.flushIntervalMs);
      this.flushTimer.unref();
    }
  }

  private async writePending(): Promise<void> {
    if (this.pendingRecords.length === 0) return;
    const output = this.pendingOutput;
    const keyframes = this.pendingKeyframes;
    const records = this.pendingRecords;
    this.pendingOutput = [];
    this.pendingOutputBytes = 0;
    this.pendingKeyframes = [];
    this.pendingRecords = [];
    const index = Buffer.alloc(records.length * RECORD_SIZE);
    records.forEach((r, i) => encodeRecord(r, index, i * RECORD_SIZE));
    try {
      await Promise.all([appendDurably(path.join(this.dir, files.output), output), appendDurably(path.join(this.dir, files.keyframes), keyframes)]);
      await appendDurably(path.join(this.dir, files.index), [index]);
    } catch (err) {
      this.failure ??= err as Error;
      return;
    }
    this.screen.steps(records.flatMap(toStep));
  }
}

/** What of an index record the screen needs: output to read back and resizes. */
function toStep(r: IndexRecord): RecordedStep[] {
  if (r.kind === RecordKind.output) return [{ output: { t: r.t, offset: r.offset, length: r.a } }];
  if (r.kind === RecordKind.resize) return [{ resize: { cols: r.a, rows: r.b } }];
  return [];
}

/** Appends `pieces` in one gathered write (not joined first) and syncs them. */
async function appendDurably(file: string, pieces: readonly Uint8Array[]): Promise<void> {
  if (pieces.length === 0) return;
  const handle = await open(file, 'a');
  try {
    await handle.writev(pieces as Uint8Array[]);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}
