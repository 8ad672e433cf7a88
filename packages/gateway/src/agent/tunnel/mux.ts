import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import type WebSocket from 'ws';
import { decodeFrame, encodeFrame, encodeJson, encodeWindow, FrameType, type Frame } from './frames';
import { MuxStream, type StreamCarrier } from './stream';

/**
 * Close codes of a tunnel ended on purpose (stopping, going away, or a closing handshake without a code): the peer
 * or this side said so, nothing to log.
 */
const normalCloseCodes = new Set([1000, 1001, 1005]);

const warn = (message: string) => process.emitWarning(message);

/**
 * Stream data sent that the peer has not yet been seen to read, past which streams wait their turn (see
 * claimRoom). Without a bound, every busy stream sent its whole window at once, and what either end sent after
 * that (a keystroke's echo, a window frame, a ping) queued behind hundreds of megabytes: the far end's
 * keep-alive then heard nothing for several intervals and cut the tunnel, with every session on it. Bounding
 * only what this process holds is not enough: the kernel's socket buffers grow to tens of megabytes.
 */
const flightBytes = 4 * 1024 * 1024;
/**
 * A ping goes out after each this many bytes of stream data; its pong, which the peer's websocket sends when
 * it reads the ping (after everything before it), shows how much the peer has read.
 */
const probeEveryBytes = flightBytes / 8;

/**
 * Intervals of silence after which keep-alive gives a peer up. A peer's event loop may be held up for seconds
 * (a gateway ending thousands of sessions at once): one silent interval is not yet proof that it is gone, and
 * cutting the tunnel would end every session on it.
 */
const silentIntervals = 3;

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
  /** Why this side is cutting the connection, for the close that follows (the socket only reports 1006). */
  private cutBecause: string | undefined;
  /** Stream data bytes sent in all, and how many of them the peer has been seen to read (see flightBytes). */
  private sentBytes = 0;
  private readBytes = 0;
  private probedAt = 0;
  /** Streams with data waiting for room on the connection, in the order they asked. */
  private readonly waiting = new Map<number, MuxStream>();

  /**
   * `log` is told once why the tunnel ended, unless either side closed it normally (stopping, going away):
   * every session on it ends too, and without the reason a dropped tunnel cannot be told from a stopped peer.
   */
  constructor(
    private readonly socket: WebSocket,
    private readonly side: 'gateway' | 'agent',
    private readonly log: (message: string) => void = warn,
  ) {
    super();
    this.nextId = side === 'gateway' ? 1 : 2;
    socket.binaryType = 'nodebuffer';
    socket.on('message', (data: Buffer, isBinary: boolean) => this.receive(data, isBinary));
    socket.on('close', (code: number, reason: Buffer) => this.shutdown(this.cutBecause ?? closedByPeer(code, reason.toString()), !normalCloseCodes.has(code)));
    socket.on('error', (err: Error) => this.shutdown(`socket error: ${err.message}`, true));
    socket.on('pong', (data: Buffer) => this.peerRead(data));
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
   * Pings the peer every `everyMs` and cuts the connection when nothing (no pong, no message) came from it for
   * silentIntervals intervals in a row, so a peer that vanished without closing (a pulled cable, a killed VM) is
   * noticed. `tick` runs each time.
   */
  keepAlive(everyMs: number, tick?: () => void): void {
    let silent = 0;
    const heard = () => (silent = 0);
    this.socket.on('pong', heard);
    // Any message proves the peer alive too: under load its pong waits behind the stream data it queued before
    // our ping, which can take longer than an interval to arrive; cutting the tunnel then would end every one
    // of those sessions.
    this.socket.on('message', heard);
    let last = performance.now();
    const timer = setInterval(() => {
      // A tick this late means this side's own event loop was held up: timers run before the I/O that waited
      // meanwhile, so the peer's pong may be read just after this. Its silence proves nothing yet.
      const late = performance.now() - last > everyMs * 1.5;
      last = performance.now();
      if (silent >= silentIntervals && !late) {
        this.cutBecause = `keep-alive timeout: nothing from the peer for ${silentIntervals} intervals of ${everyMs} ms, pinged each time`;
        this.socket.terminate();
        return;
      }
      // `silent` counts the pings sent since the peer was last heard; after a late tick, from this one.
      silent = late ? 1 : silent + 1;
      if (this.socket.readyState === this.socket.OPEN) this.socket.ping();
      tick?.();
    }, everyMs);
    this.once('close', () => clearInterval(timer));
  }

  close(code = 1000, reason = ''): void {
    this.socket.close(code, reason);
    this.shutdown(`closed by this side (${code}${reason ? `: ${reason}` : ''})`, !normalCloseCodes.has(code));
  }

  // ---- StreamCarrier ----
  sendData(stream: number, pieces: readonly Buffer[], bytes: number): void {
    this.write(encodeFrame(FrameType.data, stream, pieces, bytes), true);
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
    this.waiting.delete(stream);
  }

  /**
   * Data goes out while less than flightBytes of it is unread by the peer, and streams that found no room take
   * turns, a frame each, as the peer reads: a flood on one stream delays the others by at most flightBytes.
   * Control frames (windows, ends, resets, connection messages) never wait.
   */
  claimRoom(stream: MuxStream): boolean {
    if (!this.waiting.size && this.hasRoom()) return true;
    this.waiting.set(stream.id, stream);
    return false;
  }

  private hasRoom(): boolean {
    return this.sentBytes - this.readBytes < flightBytes;
  }

  /** A pong: a probe's says how much stream data the peer had read when it answered (keep-alive's say nothing). */
  private peerRead(data: Buffer): void {
    const read = Number(data.toString());
    if (!Number.isSafeInteger(read) || read <= this.readBytes || read > this.sentBytes) return;
    this.readBytes = read;
    // A stream that resumes and still has data goes back in line at the end, so this takes turns in order.
    for (const [id, stream] of this.waiting) {
      if (!this.hasRoom() || this.closed) return;
      this.waiting.delete(id);
      stream.resume();
    }
  }

  private write(frame: Buffer, data = false): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    this.corkForTurn();
    this.socket.send(frame);
    if (!data) return;
    this.sentBytes += frame.length;
    if (this.sentBytes - this.probedAt < probeEveryBytes) return;
    this.probedAt = this.sentBytes;
    this.socket.ping(String(this.sentBytes));
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
      this.close(1002, `protocol error: ${(err as Error).message}`);
      return;
    }
    try {
      this.dispatch(frame);
    } catch (err) {
      // A malformed payload on one stream resets that stream, never the whole tunnel.
      const stream = this.streams.get(frame.stream);
      if (stream) stream.reset(`bad frame: ${(err as Error).message}`);
      else if (frame.stream === 0) this.close(1002, `protocol error: bad connection message: ${(err as Error).message}`);
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

  private shutdown(reason: string, logged: boolean): void {
    if (this.closed) return;
    this.closed = true;
    this.waiting.clear();
    if (logged) this.log(`tunnel closed (${this.side} end, ${this.streams.size} open streams ended with it): ${reason}`);
    const why = `tunnel closed: ${reason}`;
    for (const stream of [...this.streams.values()]) stream.abort(why);
    this.streams.clear();
    this.emit('close', why);
  }
}

function closedByPeer(code: number, reason: string): string {
  // ws reports 1006 for a connection that ended without a closing handshake: the peer died or the network cut it.
  if (code === 1006) return 'the connection dropped without a closing handshake (1006)';
  return `closed by the peer (${code}${reason ? `: ${reason}` : ''})`;
}

function parseObject(payload: Buffer): Record<string, unknown> {
  const value: unknown = JSON.parse(payload.toString());
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('expected a JSON object');
  return value as Record<string, unknown>;
}
