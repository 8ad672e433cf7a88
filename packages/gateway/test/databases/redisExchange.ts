import net from 'node:net';
import { ReplyReader, type Reply } from '../../src/resources/databases/protocols/redis/resp';

/** Writes `bytes` in one write and reads `count` replies. */
export function exchange(port: number, bytes: Buffer, count: number): Promise<Reply[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const reader = new ReplyReader();
    const replies: Reply[] = [];
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`closed after ${replies.length} replies`)));
    socket.on('data', (chunk: Buffer) => {
      replies.push(...reader.push(chunk));
      if (replies.length >= count) {
        socket.removeAllListeners('close');
        socket.end(() => resolve(replies));
      }
    });
    socket.write(bytes);
  });
}
