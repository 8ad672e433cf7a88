import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket, { WebSocketServer } from 'ws';
import { Agent, agentTunnelPath } from '../../src/agent/agent';
import { Mux } from '../../src/agent/tunnel/mux';
import type { MuxStream } from '../../src/agent/tunnel/stream';

/**
 * The agent's stream protocol on its own: a bare tunnel endpoint plays the gateway's part (welcome, then
 * open streams) so each stream kind can be driven directly.
 */
describe('agent streams', () => {
  let server: WebSocketServer;
  let agent: Agent;
  let mux: Mux;

  beforeAll(async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1', path: agentTunnelPath });
    await once(server, 'listening');
    const accepted = new Promise<Mux>((resolve) =>
      server.once('connection', (socket: WebSocket) => {
        const m = new Mux(socket, 'gateway');
        m.once('message', () => {
          m.send({ type: 'welcome', nodeId: 'node-1', heartbeatMs: 60_000, identity: { nodeId: 'node-1', secret: 's' } });
          resolve(m);
        });
      }),
    );
    agent = new Agent({
      gateway: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      token: 'token',
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'portcullis-agent-')),
      labels: {},
      commandLabels: {},
      log: () => undefined,
    });
    await agent.start();
    mux = await accepted;
  });
  afterAll(async () => {
    await agent.stop();
    await new Promise((r) => server.close(r));
  });

  /** A stream request for the node this agent serves (the gateway names the resource's kind and id). */
  const nodeRequest = (request: Record<string, unknown>) => ({ kind: 'node', id: 'node-1', request });

  /** Reads a stream to its end, acknowledging as it goes: output, control messages, close reason. */
  async function drain(stream: MuxStream) {
    let output = '';
    const controls: Record<string, unknown>[] = [];
    stream.on('data', (d) => {
      output += d.toString();
      stream.ack(d.length);
    });
    stream.on('control', (c) => controls.push(c));
    stream.on('end', () => stream.end());
    const [reason] = (await once(stream, 'close')) as [string | undefined];
    return { output, controls, reason };
  }

  test("exec runs a command through the login's shell without a PTY and reports its exit status", async () => {
    const stream = mux.open(nodeRequest({ op: 'exec', login: 'root', command: 'id -un; test -t 1 && echo tty || echo no-tty; exit 7' }));
    expect(await drain(stream)).toEqual({ output: 'root\nno-tty\n', controls: [{ type: 'exit', code: 7, signal: null }], reason: undefined });
    // nobody's shell is nologin, so like sshd the agent runs nothing for it.
    const refused = await drain(mux.open(nodeRequest({ op: 'exec', login: 'nobody', command: 'id -un' })));
    expect(refused.output).toBe('This account is currently not available.\n');
  });

  test('exec passes stdin through to the command', async () => {
    const stream = mux.open(nodeRequest({ op: 'exec', login: 'root', command: 'tr a-z A-Z' }));
    const result = drain(stream);
    stream.write(Buffer.from('shout\n'));
    stream.end();
    expect((await result).output).toBe('SHOUT\n');
  });

  test('a shell runs on a real PTY as the login, at the requested size', async () => {
    const stream = mux.open(nodeRequest({ op: 'shell', login: 'nobody', term: { w: 91, h: 17 }, sessionId: 's1' }));
    const result = drain(stream);
    expect((await result).output).toBe('This account is currently not available.\r\n'); // nobody's shell is nologin
    const root = mux.open(nodeRequest({ op: 'shell', login: 'root', term: { w: 91, h: 17 }, sessionId: 's2' }));
    const rootResult = drain(root);
    root.write(Buffer.from('stty size; tty; exit\r'));
    const { output } = await rootResult;
    expect(output).toMatch(/17 91\r\n\/dev\/pts\/\d+\r\n/);
  });

  test('bad requests and unknown logins are answered with an error, not a crash', async () => {
    const unknown = await drain(mux.open(nodeRequest({ op: 'shell', login: 'no-such-login', term: { w: 80, h: 24 }, sessionId: 's3' })));
    expect(unknown.controls).toEqual([{ type: 'error', message: `login "no-such-login" does not exist on ${os.hostname()}` }, { type: 'exit', code: null }]);
    const bad = await drain(mux.open({ kind: 'format-disk', login: 'root' }));
    expect(bad.controls[0]).toMatchObject({ type: 'error', message: expect.stringMatching(/^bad request/) });
    expect(bad.reason).toBe('bad request');
  });
});
