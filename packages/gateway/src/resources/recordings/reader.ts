import { open, readFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { RecordingEvent, RecordingSummary, SeekPoint } from '@portcullis/shared';
import {
  RECORD_SIZE,
  RecordKind,
  decodeRecord,
  files,
  type IndexRecord,
  type KeyframeBlob,
  type RecordingMeta,
} from './format';

const BLOCK_RECORDS = 2048;

/**
 * Reads a recording while it is being written or after a crash: only index records that are whole are read,
 * and only output those records cover is served. Every lookup by time is a binary search over the index
 * file, so nothing is held in memory between calls and cost does not grow with the recording's length.
 */
export class RecordingReader {
  private constructor(
    readonly meta: RecordingMeta,
    private readonly index: FileHandle,
    private readonly output: FileHandle,
    private readonly keyframes: FileHandle,
    private readonly count: number,
  ) {}

  static async open(dir: string): Promise<RecordingReader> {
    const meta = JSON.parse(await readFile(path.join(dir, files.meta), 'utf8')) as RecordingMeta;
    const handles = await Promise.all(
      [files.index, files.output, files.keyframes].map((f) => open(path.join(dir, f), 'r')),
    );
    const [index, output, keyframes] = handles as [FileHandle, FileHandle, FileHandle];
    const count = Math.floor((await index.stat()).size / RECORD_SIZE);
    return new RecordingReader(meta, index, output, keyframes, count);
  }

  async close(): Promise<void> {
    await Promise.all([this.index.close(), this.output.close(), this.keyframes.close()]);
  }

  async summary(): Promise<RecordingSummary> {
    const last = this.count > 0 ? await this.record(this.count - 1) : undefined;
    const size = await this.sizeAt(this.count);
    return {
      sid: this.meta.sid,
      startTime: this.meta.startTime,
      durationMs: last?.t ?? 0,
      bytes: size.offset,
      cols: this.meta.cols,
      rows: this.meta.rows,
      complete: last?.kind === RecordKind.end,
    };
  }

  /** Output, resize and end events from record `start` on, stopping after `limit` events or `maxBytes` of output. */
  async events(
    start: number,
    limit: number,
    maxBytes: number,
  ): Promise<{ events: RecordingEvent[]; next: number | null }> {
    const events: RecordingEvent[] = [];
    let bytes = 0;
    let i = start;
    while (i < this.count && events.length < limit && bytes < maxBytes) {
      const block = await this.records(i, Math.min(this.count, i + BLOCK_RECORDS));
      for (const r of block) {
        if (events.length >= limit || bytes >= maxBytes) break;
        i += 1;
        const event = toEvent(r);
        if (!event) continue;
        events.push(event);
        if (event.kind === 'output') bytes += event.length;
      }
    }
    return { events, next: i < this.count ? i : null };
  }

  /** The index of the first record at or after `ms`. */
  async firstAt(ms: number): Promise<number> {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((await this.record(mid)).t < ms) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  async seekPoint(ms: number): Promise<SeekPoint> {
    const end = await this.firstAt(ms + 1);
    const target = await this.sizeAt(end);
    const keyframe = await this.keyframeFor(end, target.offset);
    const from = keyframe?.record.offset ?? 0;
    // A keyframe record is written after its snapshot, so a resize with an offset at or past the keyframe's
    // may sit just before it in the index: it happened after the snapshot and must still be applied.
    let first = keyframe ? Math.min(keyframe.position, end) : 0;
    while (first > 0) {
      const r = await this.record(first - 1);
      if (r.kind !== RecordKind.keyframe && r.offset < from) break;
      first -= 1;
    }
    const resizes = (await this.records(first, end))
      .filter((r) => r.kind === RecordKind.resize && r.offset >= from)
      .map((r) => ({ offset: r.offset, cols: r.a, rows: r.b }));
    return {
      at: ms,
      cols: keyframe?.blob.cols ?? this.meta.cols,
      rows: keyframe?.blob.rows ?? this.meta.rows,
      screen: keyframe?.blob.screen ?? '',
      offset: from,
      endOffset: Math.max(from, target.offset),
      resizes,
    };
  }

  /** Output bytes in [offset, offset + length), clipped to what the index covers. */
  async read(offset: number, length: number): Promise<Buffer> {
    const { offset: playable } = await this.sizeAt(this.count);
    const n = Math.max(0, Math.min(length, playable - offset));
    const buffer = Buffer.alloc(n);
    if (n > 0) await this.output.read(buffer, 0, n, offset);
    return buffer;
  }

  private async records(lo: number, hi: number): Promise<IndexRecord[]> {
    if (hi <= lo) return [];
    const block = Buffer.alloc((hi - lo) * RECORD_SIZE);
    await this.index.read(block, 0, block.length, lo * RECORD_SIZE);
    return Array.from({ length: hi - lo }, (_, i) => decodeRecord(block, i * RECORD_SIZE));
  }

  private async record(i: number): Promise<IndexRecord> {
    const buffer = Buffer.alloc(RECORD_SIZE);
    await this.index.read(buffer, 0, RECORD_SIZE, i * RECORD_SIZE);
    return decodeRecord(buffer, 0);
  }

  /** The output.bin size after the first `n` records: the end of the last output record among them. */
  private async sizeAt(n: number): Promise<{ offset: number }> {
    for (let i = n - 1; i >= 0; i--) {
      const r = await this.record(i);
      if (r.kind === RecordKind.output) return { offset: r.offset + r.a };
      if (r.kind !== RecordKind.keyframe) return { offset: r.offset };
    }
    return { offset: 0 };
  }

  /**
   * The keyframe to restore for the first `end` records, whose output ends at `target`. Keyframes are taken by a
   * thread that may trail the session (a flood is parsed after it), so the latest one at or before `target`
   * may have been written after later records: up to BLOCK_RECORDS of those are searched too.
   */
  private async keyframeFor(end: number, target: number): Promise<{ position: number; record: IndexRecord; blob: KeyframeBlob } | undefined> {
    let found = await this.lastKeyframeBefore(end);
    const later = await this.records(end, Math.min(this.count, end + BLOCK_RECORDS));
    later.forEach((r, i) => {
      if (r.kind === RecordKind.keyframe && r.offset <= target && r.offset >= (found?.record.offset ?? 0)) found = { position: end + i, record: r };
    });
    return found && { ...found, blob: await this.keyframeBlob(found.record) };
  }

  private async lastKeyframeBefore(end: number): Promise<{ position: number; record: IndexRecord } | undefined> {
    for (let hi = end; hi > 0; hi -= BLOCK_RECORDS) {
      const lo = Math.max(0, hi - BLOCK_RECORDS);
      const block = await this.records(lo, hi);
      for (let i = block.length - 1; i >= 0; i--) {
        const r = block[i]!;
        if (r.kind === RecordKind.keyframe) return { position: lo + i, record: r };
      }
    }
    return undefined;
  }

  private async keyframeBlob(r: IndexRecord): Promise<KeyframeBlob> {
    const raw = Buffer.alloc(r.b);
    await this.keyframes.read(raw, 0, r.b, r.a);
    return JSON.parse(raw.toString('utf8')) as KeyframeBlob;
  }
}

function toEvent(r: IndexRecord): RecordingEvent | undefined {
  switch (r.kind) {
    case RecordKind.output:
      return { kind: 'output', t: r.t, offset: r.offset, length: r.a };
    case RecordKind.resize:
      return { kind: 'resize', t: r.t, offset: r.offset, cols: r.a, rows: r.b };
    case RecordKind.end:
      return { kind: 'end', t: r.t, offset: r.offset };
    default:
      return undefined;
  }
}
