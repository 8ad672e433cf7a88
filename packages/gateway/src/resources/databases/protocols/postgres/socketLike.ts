import { Duplex } from 'node:stream';

/**
 * A stream already joined to the gateway, dressed as the socket pg's Client drives: pg calls connect(),
 * setNoDelay() and ref()/unref() on its stream, which a tunnel stream lacks and an open socket must not have
 * called again. connect() here only says the stream is connected.
 */
export class SocketLike extends Duplex {
  constructor(private readonly inner: Duplex) {
    super();
    inner.on('data', (chunk: Buffer) => {
      if (!this.push(chunk)) inner.pause();
    });
    inner.on('end', () => this.push(null));
    inner.on('error', (err) => this.destroy(err));
    inner.on('close', () => this.destroy());
  }

  override _read(): void {
    this.inner.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (err?: Error | null) => void): void {
    if (this.inner.write(chunk)) callback();
    else this.inner.once('drain', () => callback());
  }

  override _final(callback: (err?: Error | null) => void): void {
    this.inner.end();
    callback();
  }

  override _destroy(err: Error | null, callback: (err?: Error | null) => void): void {
    this.inner.destroy();
    callback(err);
  }

  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }
}
