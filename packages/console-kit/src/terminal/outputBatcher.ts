/** Where batched output goes: xterm's write, whose callback fires once the bytes are parsed. */
export interface OutputSink {
  write(data: Uint8Array, done: () => void): void;
}

export interface OutputBatcherOptions {
  sink: OutputSink;
  /** How long incoming chunks are gathered before one write (about 10 ms: many small frames, one parse). */
  batchMs: number;
  /**
   * A batch this large is written at once instead of waiting out batchMs: during a flood, waiting only leaves
   * xterm idle while the gateway waits for credit.
   */
  maxBatchBytes: number;
  /** Called with each batch's size once xterm has parsed it: the acknowledgement that lets the gateway send more. */
  onConsumed: (bytes: number) => void;
}

/**
 * Gathers terminal output into batches and reports each batch only once xterm has parsed it.
 *
 * A flood (`yes`, `base64 /dev/urandom`) arrives faster than xterm can parse it. The gateway keeps at most a fixed
 * window of unacknowledged bytes in flight, so crediting bytes at xterm's write callback (not on arrival) is what
 * keeps the tab's backlog bounded: the tab stays responsive and Ctrl-C's output is never stuck behind megabytes.
 */
export class OutputBatcher {
  private chunks: Uint8Array[] = [];
  private queued = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(private readonly options: OutputBatcherOptions) {}

  push(chunk: Uint8Array): void {
    if (this.disposed || chunk.byteLength === 0) return;
    this.chunks.push(chunk);
    this.queued += chunk.byteLength;
    if (this.queued >= this.options.maxBatchBytes) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.options.batchMs);
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
    this.options.sink.write(batch, () => {
      if (this.disposed) return;
      this.options.onConsumed(size);
    });
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    this.chunks = [];
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
