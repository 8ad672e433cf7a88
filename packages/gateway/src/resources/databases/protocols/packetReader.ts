import type { Duplex } from 'node:stream';

/**
 * Reads exact byte counts off a stream in paused ('readable') mode, pulling no more than a read needs. Paused
 * mode matters for what follows: once released the stream neither flows nor drops bytes, so the caller's own
 * 'data' listener, attached whenever it is ready, gets every byte past `release()`'s.
 */
export class PacketReader {
  private buffered: Buffer = Buffer.alloc(0);
  private ended: boolean;
  private wake: (() => void) | undefined;
  private readonly onSignal = () => {
    this.wake?.();
  };
  private readonly onEnd = () => {
    this.ended = true;
    this.wake?.();
  };

  constructor(private readonly stream: Duplex) {
    this.ended = stream.readableEnded || stream.destroyed;
    stream.on('readable', this.onSignal);
    stream.on('end', this.onEnd);
    stream.on('close', this.onEnd);
  }

  /** The next `n` bytes, or undefined when the stream ended first. */
  async take(n: number): Promise<Buffer | undefined> {
    while (this.buffered.length < n) {
      const chunk = this.stream.read() as Buffer | null;
      if (chunk) this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
      else if (this.ended) return undefined;
      else await new Promise<void>((resolve) => (this.wake = resolve));
    }
    const out = this.buffered.subarray(0, n);
    this.buffered = this.buffered.subarray(n);
    return out;
  }

  /** Stops reading; answers the bytes already pulled off the stream but not taken. */
  release(): Buffer {
    this.stream.off('readable', this.onSignal);
    this.stream.off('end', this.onEnd);
    this.stream.off('close', this.onEnd);
    return this.buffered;
  }
}
