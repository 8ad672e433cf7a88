/**
 * Plain TCP relays for the benchmarks' ceilings: a process each, piping bytes with no logic at all. A chain of
 * them in front of a server says what any path through that many extra processes can reach on this machine,
 * whatever the gateway does on it. `tsx relay.ts TARGET_PORT` serves one and prints its port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

function serveRelay(target: number): void {
  const server = net.createServer((client) => {
    const upstream = net.connect(target, '127.0.0.1');
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  server.listen(0, '127.0.0.1', () =>
    process.stdout.write(`${(server.address() as net.AddressInfo).port}\n`),
  );
}

const self = fileURLToPath(import.meta.url);

/** `hops` relays chained in front of 127.0.0.1:`target`, each a child in `children`; resolves with the first one's port. */
export async function relayChain(target: number, hops: number, children: ChildProcess[]): Promise<number> {
  let port = target;
  for (let i = 0; i < hops; i++) {
    const child = spawn('node_modules/.bin/tsx', [self, String(port)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    port = await new Promise<number>((resolve) =>
      child.stdout!.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))),
    );
  }
  return port;
}

if (process.argv[1] === self) serveRelay(Number(process.argv[2]));
