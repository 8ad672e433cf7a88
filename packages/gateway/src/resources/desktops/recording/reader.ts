import { open, type FileHandle } from 'node:fs/promises';
import {
  END_RECORD_BYTES,
  PREAMBLE_BYTES,
  RECORD_HEADER_BYTES,
  RecordKind,
  decodeEndRecord,
  decodePreamble,
  decodeRecordHeader,
} from './format';
import type { DesktopRecordingMeta } from './recorder';

/** What the desktop sent at `offsetMs` after the session started. */
export interface RecordedChunk {
  offsetMs: number;
  bytes: Buffer;
}

const BLOCK_BYTES = 64 * 1024;

/**
 * Reads a desktop recording (see format.ts) from the start, in order, a block at a time, so a long recording is
 * never held in memory. It reads one being written or left by a crash up to its last whole chunk.
 */
export class DesktopRecordingReader {
  private constructor(
    readonly meta: DesktopRecordingMeta,
    private readonly file: FileHandle,
    private readonly dataStart: number,
  ) {}

  /** The recording in `path`, or undefined when there is none. Throws when the file is not a recording. */
  static async open(path: string): Promise<DesktopRecordingReader | undefined> {
    let file: FileHandle;
    try {
      file = await open(path, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
    try {
      const preamble = await readAt(file, PREAMBLE_BYTES, 0);
      const metaLength = decodePreamble(preamble);
      if (typeof metaLength === 'string') throw new Error(metaLength);
      const meta = JSON.parse(
        (await readAt(file, metaLength, PREAMBLE_BYTES)).toString('utf8'),
      ) as DesktopRecordingMeta;
      return new DesktopRecordingReader(meta, file, PREAMBLE_BYTES + metaLength);
    } catch (err) {
      await file.close();
      throw err;
    }
  }

  close(): Promise<void> {
    return this.file.close();
  }

  /** When the session ended: its end record's time, or for an unfinished recording its last whole chunk's. */
  async durationMs(): Promise<number> {
    const { size } = await this.file.stat();
    const tailAt = size - END_RECORD_BYTES;
    if (tailAt >= this.dataStart) {
      const end = decodeEndRecord(await readAt(this.file, END_RECORD_BYTES, tailAt), tailAt);
      if (end !== undefined) return end;
    }
    let last = 0;
    const cursor = new Cursor(this.file, this.dataStart);
    for (;;) {
      const raw = await cursor.take(RECORD_HEADER_BYTES);
      if (!raw) return last;
      const header = decodeRecordHeader(raw);
      if (header.kind !== RecordKind.chunk || cursor.position + header.length > size)
        return header.kind === RecordKind.end ? header.offsetMs : last;
      last = header.offsetMs;
      cursor.skip(header.length);
    }
  }

  /** Every whole chunk, in the order it was recorded. */
  async *chunks(): AsyncGenerator<RecordedChunk> {
    const cursor = new Cursor(this.file, this.dataStart);
    for (;;) {
      const raw = await cursor.take(RECORD_HEADER_BYTES);
      if (!raw) return;
      const header = decodeRecordHeader(raw);
      if (header.kind !== RecordKind.chunk) return;
      const bytes = await cursor.take(header.length);
      if (!bytes) return;
      yield { offsetMs: header.offsetMs, bytes };
    }
  }
}

/**
 * Sequential reads through a block buffer. Each block is a fresh buffer, so what take() answers stays valid
 * after later reads.
 */
class Cursor {
  private block: Buffer = Buffer.alloc(0);
  private blockStart = 0;

  constructor(
    private readonly file: FileHandle,
    public position: number,
  ) {}

  /** The next `n` bytes, or undefined when the file ends before them. */
  async take(n: number): Promise<Buffer | undefined> {
    const start = this.position - this.blockStart;
    if (start < 0 || start + n > this.block.length) {
      if (n > BLOCK_BYTES) return this.takeDirect(n);
      this.blockStart = this.position;
      this.block = await readAt(this.file, BLOCK_BYTES, this.position);
      if (n > this.block.length) return undefined;
      return this.take(n);
    }
    this.position += n;
    return this.block.subarray(start, start + n);
  }

  skip(n: number): void {
    this.position += n;
  }

  private async takeDirect(n: number): Promise<Buffer | undefined> {
    const bytes = await readAt(this.file, n, this.position);
    if (bytes.length < n) return undefined;
    this.position += n;
    return bytes;
  }
}

/** Up to `n` bytes at `position`: fewer only where the file ends. */
async function readAt(file: FileHandle, n: number, position: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(n);
  let filled = 0;
  while (filled < n) {
    const { bytesRead } = await file.read(buffer, filled, n - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}
