import type { FileHandle } from 'node:fs/promises';
import { encodeChunkRecord, encodeEndRecord, encodeHeader } from './format';
import type { DesktopRecorder, DesktopRecordingMeta } from './recorder';

/** What the writer needs of its file: an append-only handle. */
export type RecordingFile = Pick<FileHandle, 'writev' | 'datasync' | 'close'>;

export interface DesktopWriterOptions {
  /** Chunks are made durable at most this long after they arrived: a crash loses at most this much. */
  flushIntervalMs: number;
  /** ... or as soon as this many bytes are pending. */
  flushBytes: number;
  /**
   * Bytes received but not yet on disk past which the recording gives up (and reports it at close) rather than
   * hold more of a desktop's output in memory while the disk falls behind.
   */
  maxBacklogBytes: number;
  /** The clock that times the end of the session. */
  now: () => number;
}

export const defaultWriterOptions: DesktopWriterOptions = {
  flushIntervalMs: 500,
  flushBytes: 1024 * 1024,
  maxBacklogBytes: 32 * 1024 * 1024,
  now: Date.now,
};

/**
 * Records one desktop session as it runs. write() only frames and queues the chunk, so the relay never waits on
 * the disk; queued records are appended and synced in batches, one batch at a time. Any failure (the file could
 * not be made, a write failed, the backlog grew too large) stops the recording for good and is reported by close().
 */
export class DesktopRecordingWriter implements DesktopRecorder {
  private readonly file: Promise<RecordingFile | undefined>;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private inFlightBytes = 0;
  /** The file's length once everything queued is written. */
  private position: number;
  private lastOffsetMs = 0;
  private flushTimer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private flushQueued = false;
  private failure?: Error;
  private closing?: Promise<boolean>;

  /** `create` makes the file with `header` durably in place and answers it open for appending. */
  constructor(
    private readonly meta: DesktopRecordingMeta,
    create: (header: Buffer) => Promise<RecordingFile>,
    private readonly options: DesktopWriterOptions = defaultWriterOptions,
  ) {
    const header = encodeHeader(meta);
    this.position = header.length;
    this.file = create(header).catch((err: Error) => {
      this.fail(err);
      return undefined;
    });
  }

  write(chunk: Buffer, at: number): void {
    if (this.closing || this.failure || chunk.length === 0) return;
    this.enqueue(encodeChunkRecord(this.offsetOf(at), chunk));
  }

  close(): Promise<boolean> {
    this.closing ??= this.finish();
    return this.closing;
  }

  private async finish(): Promise<boolean> {
    if (!this.failure) this.enqueue(encodeEndRecord(this.offsetOf(this.options.now()), this.position));
    await this.flush();
    const file = await this.file;
    await file?.close().catch((err: Error) => this.fail(err));
    return !this.failure;
  }

  // Offsets never go back, so the player can wait out each one in turn, even if the host's clock steps back.
  private offsetOf(at: number): number {
    this.lastOffsetMs = Math.max(this.lastOffsetMs, at - this.meta.startedAt);
    return this.lastOffsetMs;
  }

  private enqueue(record: Buffer): void {
    if (this.pendingBytes + this.inFlightBytes + record.length > this.options.maxBacklogBytes) {
      const mib = Math.round(this.options.maxBacklogBytes / (1024 * 1024));
      return this.fail(
        new Error(
          `the disk fell more than ${mib} MiB behind the desktop's output: the recording was stopped`,
        ),
      );
    }
    this.pending.push(record);
    this.pendingBytes += record.length;
    this.position += record.length;
    if (this.pendingBytes >= this.options.flushBytes) {
      void this.flush();
    } else if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => void this.flush(), this.options.flushIntervalMs);
      this.flushTimer.unref();
    }
  }

  /** Writes everything queued; a batch queued behind the one being written takes all that arrives meanwhile. */
  private flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.flushQueued) return this.flushing;
    this.flushQueued = true;
    this.flushing = this.flushing.then(() => {
      this.flushQueued = false;
      return this.writePending();
    });
    return this.flushing;
  }

  private async writePending(): Promise<void> {
    const file = await this.file;
    if (!file || this.failure || this.pending.length === 0) return;
    const batch = this.pending;
    const bytes = this.pendingBytes;
    this.pending = [];
    this.pendingBytes = 0;
    this.inFlightBytes += bytes;
    try {
      const { bytesWritten } = await file.writev(batch);
      if (bytesWritten !== bytes)
        throw new Error(`only ${bytesWritten} of ${bytes} bytes reached the recording`);
      await file.datasync();
    } catch (err) {
      this.fail(err as Error);
    } finally {
      this.inFlightBytes -= bytes;
    }
  }

  private fail(err: Error): void {
    this.failure ??= err;
    this.pending = [];
    this.pendingBytes = 0;
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
  }
}
