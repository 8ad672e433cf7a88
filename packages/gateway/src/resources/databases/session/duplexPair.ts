import { Duplex } from 'node:stream';

/**
 * Two Duplex streams joined back to back: what one writes, the other reads (node:stream's duplexPair arrived
 * after Node 20). The browser console's client library speaks over one end; the gateway's side of a database
 * connection serves the other, as it would a client's socket.
 */
export function duplexPair(): [Duplex, Duplex] {
  const wake: [(() => void) | undefined, (() => void) | undefined] = [undefined, undefined];
  const make = (self: 0 | 1): Duplex =>
    new Duplex({
      allowHalfOpen: false,
      read() {
        const resume = wake[self];
        wake[self] = undefined;
        resume?.();
      },
      write(chunk: Buffer, _encoding, callback) {
        const other = ends[1 - self]!;
        if (other.destroyed || other.readableEnded) return callback(new Error('the other end of the connection is closed'));
        // The other end's buffer is full: the write completes once it reads again.
        if (other.push(chunk)) callback();
        else wake[(1 - self) as 0 | 1] = () => callback();
      },
      final(callback) {
        ends[1 - self]!.push(null);
        callback();
      },
      destroy(err, callback) {
        // The other end reads what was already written, then the end of it, as a socket's peer would.
        const other = ends[1 - self]!;
        if (!other.destroyed && !other.readableEnded) other.push(null);
        wake[self]?.();
        callback(err);
      },
    });
  const ends: Duplex[] = [];
  ends.push(make(0), make(1));
  return [ends[0]!, ends[1]!];
}
