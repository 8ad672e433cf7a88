import { Duplex } from 'node:stream';
import type { MuxStream } from './stream';

/**
 * A Duplex over a tunnel stream, for either end. Reading grants the other end credit only as the consumer reads,
 * so a slow reader slows the sender; writing waits for the stream's drain. Ends are half-closes, as on TCP.
 * `dialed` marks the connection as up: from then on a reset is an error for whoever reads.
 */
export function duplexOf(stream: MuxStream): Duplex & { dialed(): void } {
  let owed = 0;
  let ended = false;
  // Until the dial succeeds nobody listens for errors yet: a reset then only fails the dial.
  let connected = false;
  const duplex = new Duplex({
    allowHalfOpen: true,
    read() {
      if (owed > 0) {
        stream.ack(owed);
        owed = 0;
      }
    },
    write(chunk: Buffer, _encoding, callback) {
      if (stream.isClosed) return callback(new Error('the connection is closed'));
      if (stream.write(chunk)) return callback();
      const settle = () => {
        stream.off('drain', settle);
        stream.off('close', settle);
        callback(stream.isClosed ? new Error('the connection is closed') : undefined);
      };
      stream.on('drain', settle);
      stream.on('close', settle);
    },
    final(callback) {
      stream.end();
      callback();
    },
    destroy(err, callback) {
      // Closing early (an error, or a client that went away) resets the stream, so the other end closes its side too.
      if (!stream.isClosed) stream.reset(err ? 'aborted' : 'closed');
      callback(err);
    },
  });
  stream.on('data', (chunk) => {
    owed += chunk.length;
    duplex.push(chunk);
  });
  stream.on('end', () => {
    ended = true;
    duplex.push(null);
  });
  stream.on('close', (reason) => {
    if (reason && connected) duplex.destroy(new Error(`the connection was reset: ${reason}`));
    else if (reason) duplex.destroy();
    else if (!ended) duplex.push(null);
  });
  return Object.assign(duplex, { dialed: () => void (connected = true) });
}
