import type { Socket } from 'node:net';
import type { MuxStream } from './tunnel/stream';

/**
 * Pipes raw bytes both ways between a stream and the connected socket it reaches. Flow control holds at both
 * ends: the socket pauses while the stream has no credit, and bytes from the gateway are acknowledged once the
 * socket has taken them: at once while its buffer is below its high-water mark, else when it drains, so a write
 * needs no callback of its own. Half-closes pass through (a TCP client may end its side and still read). A socket
 * error is reported as an error control before the reset, naming `target` (for the gateway's log).
 */
export function pipeSocket(stream: MuxStream, socket: Socket, target: string, resetReason: string): void {
  socket.on('data', (chunk) => {
    if (!stream.write(chunk)) socket.pause();
  });
  stream.on('drain', () => socket.resume());
  let owed = 0;
  stream.on('data', (chunk) => {
    if (socket.write(chunk)) stream.ack(chunk.length);
    else owed += chunk.length;
  });
  socket.on('drain', () => {
    stream.ack(owed);
    owed = 0;
  });
  stream.on('end', () => socket.end());
  socket.on('end', () => stream.end());
  socket.on('error', (err) => {
    stream.control({ type: 'error', message: `connection to ${target} failed: ${err.message}` });
    stream.reset(resetReason);
  });
  socket.on('close', () => stream.end());
  stream.on('close', (reason) => {
    if (reason) socket.destroy();
    else socket.end();
  });
  socket.resume();
}
