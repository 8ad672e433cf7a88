import { connect, createServer, type AddressInfo } from 'node:net';

export interface EchoServer {
  port: number;
  close(): Promise<void>;
}

/** A TCP server on loopback that sends back whatever it gets, and ends its side when the client ends its own. */
export async function startEchoServer(): Promise<EchoServer> {
  const server = createServer({ allowHalfOpen: true }, (socket) => socket.pipe(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Sends `payload` on a new connection to `port` on loopback, ends its side, and resolves with all that came back. */
export function roundTrip(port: number, payload: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('end', () => {
      socket.end();
      resolve(Buffer.concat(received));
    });
    socket.on('error', reject);
    socket.end(payload);
  });
}
