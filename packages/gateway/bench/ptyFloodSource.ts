/**
 * The least any agent does with a terminal's output, for the servers bench's ceiling: read the PTY through node-pty
 * and write what it read to a TCP connection, pausing the PTY while the connection is full. Nothing else: no
 * framing, no flow control of its own, no recording. `tsx ptyFloodSource.ts` prints its port; each connection gets
 * a shell of its own (as root, as the bench's gateway sessions are) running the command it sends as its first line.
 */
import net from 'node:net';
import { spawn } from 'node-pty';

const server = net.createServer((socket) => {
  socket.setNoDelay(true);
  let line = '';
  const onLine = (d: Buffer) => {
    line += d.toString();
    if (!line.includes('\n')) return;
    socket.off('data', onLine);
    // Like floodReader.ts's session: no echo, so the flood is the first output; and the shell stays, since a PTY
    // whose last process exits can drop output not yet read.
    const pty = spawn('/bin/sh', ['-c', `stty -echo; ${line.trim()}; exec sleep infinity`], { name: 'xterm-256color', cols: 200, rows: 50, encoding: null });
    pty.onData((data: string | Buffer) => {
      if (!socket.write(data)) pty.pause();
    });
    socket.on('drain', () => pty.resume());
    // The reader hangs up once it has the whole flood.
    socket.on('close', () => pty.kill());
  };
  socket.on('data', onLine);
  socket.on('error', () => socket.destroy());
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as net.AddressInfo).port}\n`));
