import { mkdir, open, rename, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { FORMAT_VERSION, RECORD_SIZE, RecordKind, encodeRecord, files, type IndexRecord, type RecordingMeta } from './format';
import { Keyframer, type KeyframerOptions, type ScreenSnapshot } from './keyframer';

export interface WriterOptions {
  /** Pending output is made durable at most this long after it arrived: a crash loses at most this much. */
  flushIntervalMs: number;
  /** ... or as soon as this many bytes are pending. */
  flushBytes: number;
  /** Output chunks closer together than this share one index record (the console batches at about 10 ms). */
  coalesceMs: number;
  keyframes: KeyframerOptions;
  now: () => number;
}

export const defaultWriterOptions: WriterOptions = {
  flushIntervalMs: 500,
  flushBytes: 256 * 1024,
  coalesceMs: 10,
  keyframes: { intervalMs: 15_000, bytes: 1024 * 1024, idleMs: 5_000 },
  now: Date.now,
};

export type NewRecording = Omit<RecordingMeta, 'version' | 'startTime'>;

interface Handles {
  output: FileHandle;
  keyframes: FileHandle;
  index: FileHandle;
}

/**
 * Records one session as it runs. Output, resizes and keyframes are buffered and appended on a short interval
 * (or when enough is pending); each flush syncs the data files before the index that points into them.
 */
export class RecordingWriter {
  private readonly startMs: number;
  private readonly keyframer: Keyframer;
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
    private readonly handles: Handles,
    meta: RecordingMeta,
    startMs: number,
    private readonly options: WriterOptions,
  ) {
    this.startMs = startMs;
    this.keyframer = new Keyframer(meta.cols, meta.rows, options.keyframes, (s) => this.addKeyframe(s));
  }

  static async create(dir: string, recording: NewRecording, options: Partial<WriterOptions> = {}): Promise<RecordingWriter> {
    const opts = { ...defaultWriterOptions, ...options };
    const startMs = opts.now();
    const meta: RecordingMeta = { version: FORMAT_VERSION, startTime: new Date(startMs).toISOString(), ...recording };
    await mkdir(dir, { recursive: true });
    const handles: Handles = {
      output: await open(path.join(dir, files.output), 'a'),
      keyframes: await open(path.join(dir, files.keyframes), 'a'),
      index: await open(path.join(dir, files.index), 'a'),
    };
    // meta.json appears last and atomically: a directory with it is always a readable recording.
    const tmp = path.join(dir, `${files.meta}.tmp`);
    await writeFile(tmp, JSON.stringify(meta), { flush: true });
    await rename(tmp, path.join(dir, files.meta));
    return new RecordingWriter(dir, handles, meta, startMs, opts);
  }

  /** Bytes the terminal printed. The caller may reuse its buffer: the bytes are copied. */
  output(bytes: Uint8Array): void {
    if (this.closed || bytes.length === 0) return;
    const t = this.elapsed();
    const copy = Uint8Array.from(bytes);
    const last = this.pendingRecords.at(-1);
    if (last?.kind === RecordKind.output && t - last.t < this.options.coalesceMs) {
      last.a += copy.length;
    } else {
      this.pendingRecords.push({ kind: RecordKind.output, t, offset: this.outputSize, a: copy.length, b: 0 });
    }
    this.pendingOutput.push(copy);
    this.pendingOutputBytes += copy.length;
    this.outputSize += copy.length;
    this.keyframer.feed(copy, t);
    this.scheduleFlush();
  }

  resize(cols: number, rows: number): void {
    if (this.closed) return;
    this.pendingRecords.push({ kind: RecordKind.resize, t: this.elapsed(), offset: this.outputSize, a: cols, b: rows });
    this.keyframer.resize(cols, rows);
    this.scheduleFlush();
  }

  /** The screen as it is now, from the keyframe mirror. */
  screen(): ReturnType<Keyframer['current']> {
    return this.keyframer.current();
  }

  /** Makes everything received so far durable. */
  flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  /** Writes the end record and closes the files. Throws if any flush failed, so the caller can report it. */
  async close(): Promise<void> {
    if (this.closed) return this.flushing;
    this.closed = true;
    await this.keyframer.close();
    this.pendingRecords.push({ kind: RecordKind.end, t: this.elapsed(), offset: this.outputSize, a: 0, b: 0 });
    await this.flush();
    await Promise.all(Object.values(this.handles).map((h) => h.close()));
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
    const output = Buffer.concat(this.pendingOutput);
    const keyframes = Buffer.concat(this.pendingKeyframes);
    const records = this.pendingRecords;
    this.pendingOutput = [];
    this.pendingOutputBytes = 0;
    this.pendingKeyframes = [];
    this.pendingRecords = [];
    const index = Buffer.alloc(records.length * RECORD_SIZE);
    records.forEach((r, i) => encodeRecord(r, index, i * RECORD_SIZE));
    try {
      await Promise.all([appendDurably(this.handles.output, output), appendDurably(this.handles.keyframes, keyframes)]);
      await appendDurably(this.handles.index, index);
    } catch (err) {
      this.failure ??= err as Error;
    }
  }
}

async function appendDurably(handle: FileHandle, bytes: Buffer): Promise<void> {
  if (bytes.length === 0) return;
  await handle.write(bytes);
  await handle.datasync();
}
