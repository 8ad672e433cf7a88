/** Where batched output goes: xterm's write, whose callback fires once the bytes are parsed. */
export interface OutputSink {
  write(data: Uint8Array, done: () => void): void;
}

export interface OutputBatcherOptions {
  sink: OutputSink;
  /** How long incoming chunks are gathered before one write (about 10 ms: many small frames, one parse). */
  batchMs: number;
  /**
   * While output streams (the last write was at least streamingBytes), writes are at least this far apart.
   * xterm redraws after every write, and during a flood redrawing, not parsing, is most of the tab's work:
   * fewer, larger writes draw the same output a few times a second instead of on every frame.
   */
  streamIntervalMs: number;
  /** A write this large means output is streaming: more than a screenful, nobody reads it line by line. */
  streamingBytes: number;
  /**
   * Output is credited as it arrives while the tab holds at most this much credited but unparsed; beyond it,
   * only as xterm parses. The gateway stops at its window of uncredited bytes, so the tab never holds more than
   * this plus that window: a flood cannot pile up, and Ctrl-C's prompt is never behind more than that.
   */
  maxBacklogBytes: number;
  /** Bytes the gateway may send more of (the acknowledgement's credit). */
  onCredit: (bytes: number) => void;
}

/**
 * Gathers terminal output into paced batches for xterm, and credits it to the gateway.
 *
 * Crediting on arrival keeps the gateway sending while xterm waits for the next paced write; the backlog bound
 * keeps a flood that arrives faster than xterm parses (`yes`, `base64 /dev/urandom`) from growing in the tab.
 */
export class OutputBatcher {
  private chunks: Uint8Array[] = [];
  private queued = 0;
  /** Received and not yet parsed. */
  private unparsed = 0;
  /** Received and not yet credited. */
  private uncredited = 0;
  private lastWriteAt = -Infinity;
  private lastWriteBytes = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(private readonly options: OutputBatcherOptions) {}

  push(chunk: Uint8Array): void {
    if (this.disposed || chunk.byteLength === 0) return;
    this.chunks.push(chunk);
    this.queued += chunk.byteLength;
    this.unparsed += chunk.byteLength;
    this.uncredited += chunk.byteLength;
    this.credit();
    this.timer ??= setTimeout(() => this.flush(), this.delay());
  }

  /** Writes whatever is queued now (also used on close so the last output is not lost). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.disposed || this.queued === 0) return;
    const size = this.queued;
    const batch = concat(this.chunks, size);
    this.chunks = [];
    this.queued = 0;
    this.lastWriteAt = performance.now();
    this.lastWriteBytes = size;
    this.options.sink.write(batch, () => {
      if (this.disposed) return;
      this.unparsed -= size;
      this.credit();
    });
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    this.chunks = [];
  }

  private delay(): number {
    const { batchMs, streamIntervalMs, streamingBytes } = this.options;
    if (this.lastWriteBytes < streamingBytes) return batchMs;
    return Math.max(batchMs, this.lastWriteAt + streamIntervalMs - performance.now());
  }

  private credit(): void {
    const creditedUnparsed = this.unparsed - this.uncredited;
    const bytes = Math.min(this.uncredited, this.options.maxBacklogBytes - creditedUnparsed);
    if (bytes <= 0) return;
    this.uncredited -= bytes;
    this.options.onCredit(bytes);
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
