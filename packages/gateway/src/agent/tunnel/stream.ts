import { EventEmitter } from 'node:events';

/** What a stream needs from the connection carrying it. */
export interface StreamCarrier {
  /** One data frame whose payload is `pieces` joined, `bytes` long in all. */
  sendData(stream: number, pieces: readonly Buffer[], bytes: number): void;
  sendWindow(stream: number, bytes: number): void;
  sendControl(stream: number, message: unknown): void;
  sendEnd(stream: number): void;
  sendReset(stream: number, reason: string): void;
  forget(stream: number): void;
  /**
   * Whether `stream` may send a data frame now. When not, the carrier puts it in line and calls its resume()
   * once the connection has room for it.
   */
  claimRoom(stream: MuxStream): boolean;
}

/** Bytes each side may receive on one stream before it acknowledges (the initial credit). */
export const streamWindowBytes = 1024 * 1024;
/**
 * Consumed bytes are acknowledged once this many have gathered. A window frame per small read (one per proxied
 * HTTP request and per keystroke) cost as much as the data itself; holding back less than a quarter of the window
 * costs nothing: a peer whose data has all been consumed still has three quarters of its window to send with,
 * so it never waits for credit that is merely unannounced, while one whose data is not consumed still stops
 * after one window (flow control is unchanged: only consumed bytes are ever granted).
 */
export const ackBatchBytes = streamWindowBytes / 4;
/** Largest data frame, so one busy stream cannot hold the socket for long. */
const maxFrameBytes = 64 * 1024;

export interface MuxStreamEvents {
  data: [Buffer];
  control: [Record<string, unknown>];
  end: [];
  close: [reason: string | undefined];
  drain: [];
}

/**
 * One multiplexed stream with credit-based flow control. Incoming data must be acknowledged with ack(n) once
 * it has really been consumed; that is what lets backpressure travel from the browser to the PTY. write()
 * returns false once the peer's credit is exhausted and queued bytes pass a small threshold; 'drain' follows.
 */
export class MuxStream extends EventEmitter<MuxStreamEvents> {
  private credit = streamWindowBytes;
  private receivable = streamWindowBytes;
  private readonly queue: Buffer[] = [];
  private queued = 0;
  private endQueued = false;
  private closed = false;
  private remoteEnded = false;
  private localEnded = false;
  private unsentAck = 0;
  /** Peer frames that arrived before the receiving side was ready (see accept()). */
  private held: (() => void)[] | undefined;

  constructor(
    readonly id: number,
    private readonly carrier: StreamCarrier,
    accepted = true,
  ) {
    super();
    if (!accepted) this.held = [];
  }

  /**
   * A stream the peer opened holds incoming frames until its handler has attached its listeners and calls
   * accept(), since setting up (looking up the login, spawning the shell) takes a while and nothing typed in
   * the meantime may be lost.
   */
  accept(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const deliver of held) deliver();
  }

  private deliver(frame: () => void): void {
    if (this.held) this.held.push(frame);
    else frame();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  write(chunk: Buffer): boolean {
    return this.writev([chunk]);
  }

  /**
   * Writes `chunks` in order; what the peer's credit allows goes out in as few frames as it fits in, each
   * copied once, straight into its frame (a caller gathering many small reads need not join them first).
   */
  writev(chunks: readonly Buffer[]): boolean {
    if (this.closed || this.endQueued) return false;
    let added = 0;
    for (const chunk of chunks) {
      if (!chunk.length) continue;
      this.queue.push(chunk);
      added += chunk.length;
    }
    if (added) {
      this.queued += added;
      this.flush();
    }
    return this.queued < maxFrameBytes;
  }

  /**
   * Grants the peer `bytes` more credit: call it once data delivered by 'data' is consumed. Grants are gathered
   * until they reach ackBatchBytes, so a stream of small acknowledgements costs one window frame, not one each.
   */
  ack(bytes: number): void {
    if (this.closed || bytes <= 0) return;
    this.receivable += bytes;
    this.unsentAck += bytes;
    if (this.unsentAck < ackBatchBytes) return;
    this.carrier.sendWindow(this.id, this.unsentAck);
    this.unsentAck = 0;
  }

  control(message: Record<string, unknown>): void {
    if (!this.closed) this.carrier.sendControl(this.id, message);
  }

  end(): void {
    if (this.closed || this.endQueued) return;
    this.endQueued = true;
    this.flush();
  }

  reset(reason: string): void {
    if (this.closed) return;
    this.carrier.sendReset(this.id, reason);
    this.finish(reason);
  }

  // ---- called by the connection ----

  receiveData(chunk: Buffer): void {
    if (this.closed) return;
    if (chunk.length > this.receivable) {
      this.reset('flow-control violation: peer sent more than its window');
      return;
    }
    this.receivable -= chunk.length;
    // Data is most of what a stream receives, after it is accepted: no closure to hold it then.
    if (this.held) this.held.push(() => this.emit('data', chunk));
    else this.emit('data', chunk);
  }

  receiveWindow(bytes: number): void {
    this.credit += bytes;
    this.flush();
  }

  receiveControl(message: Record<string, unknown>): void {
    if (!this.closed) this.deliver(() => this.emit('control', message));
  }

  receiveEnd(): void {
    if (this.closed || this.remoteEnded) return;
    this.remoteEnded = true;
    this.deliver(() => {
      this.emit('end');
      if (this.localEnded) this.finish(undefined);
    });
  }

  receiveReset(reason: string): void {
    this.finish(reason || 'reset by peer');
  }

  /** The connection has room again after claimRoom() said no: one frame, then this stream waits its turn again. */
  resume(): void {
    if (this.queue.length && this.credit > 0 && !this.closed) this.sendFrame();
    this.flush();
  }

  /** Sends what the peer's credit and the connection's room allow; the end follows the last byte. */
  private flush(): void {
    while (this.queue.length && this.credit > 0 && !this.closed && this.carrier.claimRoom(this)) this.sendFrame();
    if (this.endQueued && !this.queue.length && !this.localEnded && !this.closed) {
      this.localEnded = true;
      this.carrier.sendEnd(this.id);
      if (this.remoteEnded) this.finish(undefined);
    }
  }

  private sendFrame(): void {
    const n = Math.min(this.queued, this.credit, maxFrameBytes);
    const pieces: Buffer[] = [];
    for (let left = n; left > 0; ) {
      const head = this.queue[0]!;
      if (head.length <= left) {
        pieces.push(head);
        this.queue.shift();
        left -= head.length;
      } else {
        pieces.push(head.subarray(0, left));
        this.queue[0] = head.subarray(left);
        left = 0;
      }
    }
    this.queued -= n;
    this.credit -= n;
    this.carrier.sendData(this.id, pieces, n);
    if (this.queued < maxFrameBytes && this.queued + n >= maxFrameBytes) this.emit('drain');
  }

  /** The connection died: the stream ends with it. */
  abort(reason: string): void {
    this.finish(reason);
  }

  private finish(reason: string | undefined): void {
    if (this.closed) return;
    this.closed = true;
    this.queue.length = 0;
    this.queued = 0;
    this.carrier.forget(this.id);
    this.emit('close', reason);
  }
}
