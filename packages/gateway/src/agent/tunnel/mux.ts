import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import type WebSocket from 'ws';
import { decodeFrame, encodeFrame, encodeJson, encodeWindow, FrameType, type Frame } from './frames';
import { MuxStream, type StreamCarrier } from './stream';

export interface MuxEvents {
  /** A connection message on stream 0 (hello, welcome, heartbeat ...). */
  message: [Record<string, unknown>];
  /** The peer opened a stream; `request` says what for. Call stream.accept() once listening. */
  stream: [MuxStream, Record<string, unknown>];
  close: [reason: string];
}

/**
 * Many streams over one websocket. The gateway opens odd stream ids, the agent even ones, so both may open
 * streams without agreeing first.
 */
export class Mux extends EventEmitter<MuxEvents> implements StreamCarrier {
  private readonly streams = new Map<number, MuxStream>();
  private nextId: number;
  private closed = false;
  /** Whether the websocket's TCP socket is corked until the end of this event-loop turn (see corkForTurn()). */
  private corked = false;

  constructor(
    private readonly socket: WebSocket,
    side: 'gateway' | 'agent',
  ) {
    super();
    this.nextId = side === 'gateway' ? 1 : 2;
    socket.binaryType = 'nodebuffer';
    socket.on('message', (data: Buffer, isBinary: boolean) => this.receive(data, isBinary));
    socket.on('close', (code: number, reason: Buffer) => this.shutdown(`tunnel closed (${code}${reason.length ? `: ${reason.toString()}` : ''})`));
    socket.on('error', (err: Error) => this.shutdown(`tunnel error: ${err.message}`));
  }

  get isClosed(): boolean {
    return this.closed;
  }

  get openStreams(): number {
    return this.streams.size;
  }

  send(message: Record<string, unknown>): void {
    this.sendControl(0, message);
  }

  /** Opens a stream; with `hold`, what the peer sends waits until stream.accept() (see MuxStream.accept). */
  open(request: Record<string, unknown>, hold = false): MuxStream {
    const id = this.nextId;
    this.nextId += 2;
    const stream = new MuxStream(id, this, !hold);
    this.streams.set(id, stream);
    this.write(encodeFrame(FrameType.open, id, encodeJson(request)));
    if (this.closed) stream.abort('tunnel closed');
    return stream;
  }

  /**
   * Pings the peer every `everyMs` and cuts the connection when nothing (no pong, no message) came from it for a
   * whole interval, so a peer that vanished without closing (a pulled cable, a killed VM) is noticed. `tick` runs
   * each time.
   */
  keepAlive(everyMs: number, tick?: () => void): void {
    let alive = true;
    const heard = () => (alive = true);
    this.socket.on('pong', heard);
    // Any message proves the peer alive too: under load its pong waits behind the stream data it queued before
    // our ping (up to a window per stream, hundreds of megabytes with many busy sessions), which can take longer
    // than an interval to arrive; cutting the tunnel then would end every one of those sessions.
    this.socket.on('message', heard);
    let last = performance.now();
    const timer = setInterval(() => {
      // A tick this late means this side's own event loop was held up: timers run before the I/O that waited
      // meanwhile, so the peer's pong may be read just after this. Its silence proves nothing yet.
      const late = performance.now() - last > everyMs * 1.5;
      last = performance.now();
      if (!alive && !late) {
        this.socket.terminate();
        return;
      }
      alive = false;
      if (this.socket.readyState === this.socket.OPEN) this.socket.ping();
      tick?.();
    }, everyMs);
    this.once('close', () => clearInterval(timer));
  }

  close(code = 1000, reason = ''): void {
    this.socket.close(code, reason);
    this.shutdown(reason || 'closed');
  }

  // ---- StreamCarrier ----
  sendData(stream: number, chunk: Buffer): void {
    this.write(encodeFrame(FrameType.data, stream, chunk));
  }
  sendWindow(stream: number, bytes: number): void {
    this.write(encodeFrame(FrameType.window, stream, encodeWindow(bytes)));
  }
  sendControl(stream: number, message: unknown): void {
    this.write(encodeFrame(FrameType.control, stream, encodeJson(message)));
  }
  sendEnd(stream: number): void {
    this.write(encodeFrame(FrameType.end, stream));
  }
  sendReset(stream: number, reason: string): void {
    this.write(encodeFrame(FrameType.reset, stream, Buffer.from(reason)));
  }
  forget(stream: number): void {
    this.streams.delete(stream);
  }

  private write(frame: Buffer): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    this.corkForTurn();
    this.socket.send(frame);
  }

  /**
   * Every frame is a websocket message of its own, and an uncorked socket writes each one with a syscall of its
   * own: a proxied HTTP request (a data frame each way, on many streams at once) then spends more time in writev
   * than anywhere else. Corking the TCP socket beneath the websocket until the loop's check phase sends all
   * frames of one turn in one write. The bytes on the wire are the same (a peer of any version reads them), and
   * the delay is at most what the rest of the turn takes: setImmediate runs right after the I/O callbacks.
   * ws exposes no public handle on its socket; without the expected one, frames simply go out uncorked.
   */
  private corkForTurn(): void {
    if (this.corked) return;
    const raw = (this.socket as unknown as { _socket?: { cork?: () => void; uncork?: () => void } })._socket;
    if (typeof raw?.cork !== 'function' || typeof raw.uncork !== 'function') return;
    raw.cork();
    this.corked = true;
    setImmediate(() => {
      this.corked = false;
      raw.uncork!();
    });
  }

  private receive(data: Buffer, isBinary: boolean): void {
    let frame: Frame;
    try {
      if (!isBinary) throw new Error('tunnel frames must be binary');
      frame = decodeFrame(data);
    } catch (err) {
      this.close(1002, (err as Error).message);
      return;
    }
    try {
      this.dispatch(frame);
    } catch (err) {
      // A malformed payload on one stream resets that stream, never the whole tunnel.
      const stream = this.streams.get(frame.stream);
      if (stream) stream.reset(`bad frame: ${(err as Error).message}`);
      else if (frame.stream === 0) this.close(1002, `bad connection message: ${(err as Error).message}`);
    }
  }

  private dispatch({ type, stream: id, payload }: Frame): void {
    if (type === FrameType.control && id === 0) {
      this.emit('message', parseObject(payload));
      return;
    }
    if (type === FrameType.open) {
      const stream = new MuxStream(id, this, false);
      this.streams.set(id, stream);
      this.emit('stream', stream, parseObject(payload));
      return;
    }
    const stream = this.streams.get(id);
    if (!stream) return; // frames racing a reset are dropped
    switch (type) {
      case FrameType.data:
        stream.receiveData(payload);
        break;
      case FrameType.window:
        stream.receiveWindow(payload.readUInt32BE(0));
        break;
      case FrameType.control:
        stream.receiveControl(parseObject(payload));
        break;
      case FrameType.end:
        stream.receiveEnd();
        break;
      case FrameType.reset:
        stream.receiveReset(payload.toString());
        break;
    }
  }

  private shutdown(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    for (const stream of [...this.streams.values()]) stream.abort(reason);
    this.streams.clear();
    this.emit('close', reason);
  }
}

function parseObject(payload: Buffer): Record<string, unknown> {
  const value: unknown = JSON.parse(payload.toString());
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('expected a JSON object');
  return value as Record<string, unknown>;
}
