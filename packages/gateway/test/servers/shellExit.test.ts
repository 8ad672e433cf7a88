import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import WebSocket, { WebSocketServer } from 'ws';
import { lookupLogin } from '../../src/agent/logins';
import { serveShell } from '../../src/agent/shell';
import { tunnelClientOptions } from '../../src/agent/tunnel/clientOptions';
import { Mux } from '../../src/agent/tunnel/mux';
import { streamWindowBytes, type MuxStream } from '../../src/agent/tunnel/stream';

/**
 * The agent's shell on a real PTY, over a real tunnel, with the gateway's end played by the test: what the shell
 * printed just before it exited must all arrive, whether or not output was paused for credit at that moment.
 */
describe("a shell's last output before it exits", () => {
  let server: WebSocketServer;
  let gateway: Mux;
  let client: WebSocket;
  beforeAll(async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await once(server, 'listening');
    const accepted = once(server, 'connection') as Promise<[WebSocket]>;
    client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, tunnelClientOptions);
    const [socket] = await accepted;
    await once(client, 'open');
    gateway = new Mux(socket, 'gateway', () => undefined);
    const account = await lookupLogin(os.userInfo().username, 'test');
    const agent = new Mux(client, 'agent', () => undefined);
    agent.on('stream', (stream) => {
      serveShell(stream, account, { w: 80, h: 24 }, 'shell-exit-test');
      stream.accept();
    });
  });
  afterAll(async () => {
    client.terminate();
    await new Promise((r) => server.close(r));
  });

  /** Runs `command` then exits the shell; `ack` decides when what arrives is acknowledged. Answers every byte received. */
  async function lastOutput(command: string, ackAtOnce: boolean): Promise<Buffer> {
    const stream: MuxStream = gateway.open({ op: 'shell' });
    const chunks: Buffer[] = [];
    let unacked = 0;
    stream.on('data', (d) => {
      chunks.push(d);
      if (ackAtOnce) stream.ack(d.length);
      else unacked += d.length;
    });
    const exited = new Promise<void>((resolve) => stream.on('control', (m) => m.type === 'exit' && resolve()));
    const ended = once(stream, 'close');
    stream.on('end', () => stream.end());
    // Echo off first, so the output is the command's alone (the typed line itself is echoed before stty runs).
    stream.write(Buffer.from(`stty -echo; ${command}; exit\r`));
    await exited;
    stream.ack(unacked);
    await ended;
    return Buffer.concat(chunks);
  }

  // Z is octal 132: the typed command never contains the byte it counts.
  const zs = (output: Buffer) => output.reduce((n, byte) => n + (byte === 0x5a ? 1 : 0), 0);

  test('arrives whole when it is read as it comes (Linux discards what is unread when the last holder of the terminal exits)', async () => {
    for (let i = 0; i < 6; i++) {
      const output = await lastOutput("head -c 200000 /dev/zero | tr '\\0' '\\132'", true);
      expect(zs(output)).toBe(200_000);
    }
  });

  test('arrives whole when the shell exits while its output waits for credit', async () => {
    // Nothing is acknowledged until the shell has exited: one window goes out, the agent gathers 64 KiB more and
    // pauses the PTY (the flood's last KiB may wait in the PTY); half a second later the shell prints 2,000 more
    // bytes, which the PTY holds, and exits while paused. node-pty closes the PTY 200 ms after the exit, read or not.
    const flood = streamWindowBytes + 65 * 1024;
    for (let i = 0; i < 2; i++) {
      const output = await lastOutput(`head -c ${flood} /dev/zero | tr '\\0' '\\132'; sleep 0.5; head -c 2000 /dev/zero | tr '\\0' '\\132'`, false);
      expect(zs(output)).toBe(flood + 2000);
    }
  });
});
