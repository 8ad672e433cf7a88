import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * The one address in front of several gateways, as a TCP load balancer (HAProxy, an AWS NLB) would be: each
 * connection goes to the next gateway in turn, and to the one after it when that one refuses the connection.
 */
export async function startBalancer(ports: number[]): Promise<{ url: string; close(): Promise<void> }> {
  let next = 0;
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.pause();
    const attempt = (tries: number) => {
      if (tries === ports.length) return client.destroy();
      const port = ports[next++ % ports.length]!;
      const upstream = createConnection({ host: '127.0.0.1', port });
      let connected = false;
      upstream.on('error', () => (connected ? client.destroy() : attempt(tries + 1)));
      upstream.once('connect', () => {
        connected = true;
        open.add(upstream);
        upstream.once('close', () => open.delete(upstream));
        client.on('error', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    attempt(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
