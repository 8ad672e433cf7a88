/**
 * Reads the ceiling path's flood (ptyFloodSource.ts behind a plain relay) in a process of its own, started by
 * readerProcess.ts: raw bytes from a TCP connection, the least a reader can be given. Input: a JSON {port, bytes,
 * command}. Output: the flooding line, then one JSON line {mibPerSecond, cpuMs}.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { floodingLine } from './readerProcess';

const MiB = 1024 * 1024;

async function main() {
  const { port, bytes, command } = JSON.parse(process.argv[2]!) as { port: number; bytes: number; command: string };
  const socket = net.connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  socket.write(`${command}\n`);
  let received = 0;
  let first = 0;
  let cpu = process.cpuUsage();
  await new Promise<void>((resolve, reject) => {
    socket.on('data', (d: Buffer) => {
      if (!first) {
        first = performance.now();
        cpu = process.cpuUsage();
        console.log(floodingLine);
      }
      received += d.length;
      if (received >= bytes) resolve();
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`the flood ended after ${received} bytes`)));
  });
  const seconds = (performance.now() - first) / 1000;
  const used = process.cpuUsage(cpu);
  console.log(JSON.stringify({ mibPerSecond: received / MiB / seconds, cpuMs: (used.user + used.system) / 1000 }));
  socket.destroy();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
