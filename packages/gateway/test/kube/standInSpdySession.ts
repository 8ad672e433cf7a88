import { Duplex } from 'node:stream';
import { ControlType, controlFrame, dataFrame, FlagFin, FrameReader, RstCancel, streamIdAt, words, type Frame } from './standInSpdyFrames';
import { decodeHeaderBlock, encodeHeaderBlock, HeaderZlib, type SpdyHeaders } from './standInSpdyHeaders';

/** A stream the client opened: what it sends is read, what is written goes back to it, and ending sends FIN. */
export interface SpdyStream extends Duplex {
  /** Gives the stream up (RST_STREAM), as a server does with one it will not serve. */
  reset(): void;
}

/**
 * The server's end of a SPDY/3.1 connection on `link` (a socket after an upgrade, or a websocket carrying the
 * connection's bytes). Every stream the client opens is accepted with an empty SYN_REPLY and handed to `onStream`;
 * pings are answered. Flow control is not applied: kubectl's SPDY library does not wait for WINDOW_UPDATE (the tests
 * move more than a stream's initial 64 KiB window each way). Header blocks are one zlib stream per direction, so frames are handled, and written, strictly in order.
 */
export class SpdyServerSession {
  private readonly streams = new Map<number, SpdyStream>();
  /** Streams the client has finished sending on (FIN): anything more it sends on them is a protocol error, ignored. */
  private readonly finishedByClient = new Set<number>();
  private readonly reader = new FrameReader();
  private readonly inflate = new HeaderZlib('decompress');
  private readonly deflate = new HeaderZlib('compress');
  private incoming = Promise.resolve();
  private outgoing = Promise.resolve();
  private closed = false;

  constructor(
    private readonly link: Duplex,
    private readonly onStream: (stream: SpdyStream, headers: SpdyHeaders) => void,
  ) {
    link.on('data', (chunk: Buffer) => {
      for (const frame of this.reader.push(chunk)) this.incoming = this.incoming.then(() => this.receive(frame)).catch(() => this.close());
    });
    link.on('close', () => this.close());
    link.on('error', () => this.close());
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const stream of this.streams.values()) stream.destroy();
    this.streams.clear();
    this.inflate.close();
    this.deflate.close();
    this.link.destroy();
  }

  private async receive(frame: Frame): Promise<void> {
    if (!frame.control) {
      const stream = this.streams.get(frame.streamId);
      if (!stream || this.finishedByClient.has(frame.streamId)) return;
      if (frame.data.length) stream.push(frame.data);
      if (frame.flags & FlagFin) this.finish(frame.streamId, stream);
      return;
    }
    const { type, payload, flags } = frame;
    if (type === ControlType.SynStream) return this.accept(streamIdAt(payload, 0), flags, await this.inflate.pass(payload.subarray(10)));
    // A HEADERS block goes through the decompressor even though unused: later blocks depend on it.
    if (type === ControlType.Headers) return void (await this.inflate.pass(payload.subarray(4)));
    if (type === ControlType.RstStream) return void this.streams.get(streamIdAt(payload, 0))?.destroy();
    if (type === ControlType.Ping) return void this.send(() => controlFrame(ControlType.Ping, 0, payload));
    if (type === ControlType.GoAway) return this.close();
  }

  private accept(id: number, flags: number, block: Buffer): void {
    const stream = this.stream(id);
    this.streams.set(id, stream);
    void this.send(async () => controlFrame(ControlType.SynReply, 0, Buffer.concat([words(id), await this.deflate.pass(encodeHeaderBlock(new Map()))])));
    if (flags & FlagFin) this.finish(id, stream);
    this.onStream(stream, decodeHeaderBlock(block));
  }

  private finish(id: number, stream: SpdyStream): void {
    this.finishedByClient.add(id);
    stream.push(null);
  }

  private stream(id: number): SpdyStream {
    const send = (flags: number, data: Buffer, done: (err?: Error | null) => void) => void this.send(() => dataFrame(id, flags, data)).then(() => done(), done);
    const stream = new Duplex({
      read: () => undefined,
      write: (chunk: Buffer, _encoding, done) => send(0, chunk, done),
      final: (done) => send(FlagFin, Buffer.alloc(0), done),
      destroy: (err, done) => {
        this.streams.delete(id);
        this.finishedByClient.delete(id);
        done(err);
      },
    }) as SpdyStream;
    stream.reset = () => {
      void this.send(() => controlFrame(ControlType.RstStream, 0, words(id, RstCancel)));
      stream.destroy();
    };
    return stream;
  }

  /** Writes a frame after every frame queued before it, building it (compressing headers) in turn. */
  private send(build: () => Buffer | Promise<Buffer>): Promise<void> {
    this.outgoing = this.outgoing
      .then(async () => {
        const bytes = await build();
        if (!this.link.destroyed) this.link.write(bytes);
      })
      .catch(() => this.close());
    return this.outgoing;
  }
}
