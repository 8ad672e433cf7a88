import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeFrame, encodeControl, terminalSocketPath, type ControlMessage, type TerminalParams } from '@portcullis/shared';
import WebSocket from 'ws';
import { Agent } from '../../src/agent/agent';
import { startGateway, type Client, type TestGateway } from '../harness';
import { startPrivateSshd } from './sshd';

/** A role for these tests: list and open nodes labelled env=test as root or nobody, and manage tokens and nodes. */
export const operatorRole = `
kind: role
metadata: { name: servers-operator }
spec:
  allow:
    logins: [root, nobody]
    node_labels: { env: test }
    rules:
      - { resources: [node], verbs: [list, read, create, delete] }
      - { resources: [token], verbs: [list, read, create, delete] }
      - { resources: [event], verbs: [list, read] }
`;

export async function startServersGateway(): Promise<{ gw: TestGateway; admin: Client & { name: string } }> {
  const gw = await startGateway();
  await gw.createRole(operatorRole);
  const admin = await gw.signIn({ roles: ['servers-operator'] });
  return { gw, admin };
}

export async function createJoinToken(admin: Client): Promise<string> {
  const res = await admin.post<{ id: string }>('/v1/webapi/token', { roles: ['Node'] });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** The id the gateway gave the node an agent runs on (the one resource a test agent announces). */
export const nodeOf = (resources: { kind: string; id: string }[]): string => resources.find((r) => r.kind === 'node')!.id;

export async function startAgent(url: string, token: string, opts: { hostname?: string; labels?: Record<string, string>; dataDir?: string } = {}) {
  const agent = new Agent({
    gateway: url,
    token,
    dataDir: opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'portcullis-agent-')),
    labels: opts.labels ?? { env: 'test' },
    commandLabels: { kernel: 'uname -s' },
    ...(opts.hostname ? { hostname: opts.hostname } : {}),
    backoff: { first: 100, max: 500 },
    log: () => undefined,
  });
  const connected = new Promise<string>((resolve) => agent.once('connected', ({ resources }) => resolve(nodeOf(resources))));
  await agent.start();
  return { agent, nodeId: await connected };
}

/** Every audit event the gateway has written, oldest first. */
export async function auditEvents(gw: TestGateway): Promise<Record<string, unknown>[]> {
  return (await gw.server.store.events.search({ from: 0, to: Date.now() + 1000, limit: 1000, order: 'asc' })).events.map((e) => e.data);
}

/**
 * A gateway with both kinds of node labelled env=test: an agent node ("agent-node") and an OpenSSH node
 * ("openssh-node", a private sshd trusting the gateway's user CA).
 */
export async function startFleet() {
  const { gw, admin } = await startServersGateway();
  const { agent, nodeId: agentNode } = await startAgent(gw.url, await createJoinToken(admin), { hostname: 'agent-node' });
  const sshd = await startPrivateSshd((await admin.get<string>('/v1/webapi/sites/localhost/ssh/user-ca')).body);
  const added = await admin.post<{ id: string }>('/v1/webapi/sites/localhost/nodes', { hostname: 'openssh-node', addr: `127.0.0.1:${sshd.port}`, labels: { env: 'test' } });
  if (added.status !== 200) throw new Error(`adding the OpenSSH node: ${added.status} ${JSON.stringify(added.body)}`);
  return {
    gw,
    admin,
    agentNode,
    sshNode: added.body.id,
    async stop() {
      await agent.stop();
      await sshd.stop();
      await gw.close();
    },
  };
}

export type Fleet = Awaited<ReturnType<typeof startFleet>>;

/**
 * One fleet for a whole suite: started before its tests and stopped after them. Read its fields inside tests;
 * they are filled in once beforeAll has run.
 */
export function useFleet(): Fleet {
  const fleet = {} as Fleet;
  beforeAll(async () => {
    Object.assign(fleet, await startFleet());
  });
  afterAll(() => fleet.stop());
  return fleet;
}

/** Polls until `check` returns a value (tests wait on real asynchronous behaviour, never on fixed sleeps). */
export async function eventually<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A headless terminal client: collects output, acknowledges it as it arrives, records control messages. */
export class TerminalClient {
  output = '';
  /** Each data message's text, as the messages came. */
  readonly outputMessages: string[] = [];
  readonly controls: ControlMessage[] = [];
  readonly closed: Promise<void>;
  private constructor(readonly socket: WebSocket) {
    socket.binaryType = 'nodebuffer';
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      const frame = decodeFrame(isBinary ? new Uint8Array(data) : data.toString());
      if (frame.kind === 'data') {
        const text = Buffer.from(frame.data).toString();
        this.output += text;
        this.outputMessages.push(text);
        socket.send(encodeControl({ type: 'ack', bytes: frame.data.length }));
      } else {
        this.controls.push(frame.message);
      }
    });
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
  }

  static open(gw: TestGateway, client: Client, params: TerminalParams): Promise<TerminalClient> {
    return TerminalClient.connect(gw, client, terminalSocketPath('localhost', client.session!.token, params));
  }

  /** Opens any websocket that speaks the terminal protocol, at `path` on the gateway, as `client`. */
  static async connect(gw: TestGateway, client: Client, path: string): Promise<TerminalClient> {
    const socket = new WebSocket(`${gw.url.replace(/^http/, 'ws')}${path}`, { headers: { cookie: client.cookieHeader() } });
    const terminal = new TerminalClient(socket);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return terminal;
  }

  type(text: string): void {
    this.socket.send(Buffer.from(text), { binary: true });
  }

  async waitFor(pattern: RegExp, timeoutMs = 15_000): Promise<RegExpMatchArray> {
    return eventually(async () => this.output.match(pattern) ?? undefined, `terminal output ${pattern} (got ${JSON.stringify(this.output.slice(-300))})`, timeoutMs);
  }

  errors(): string[] {
    return this.controls.flatMap((c) => (c.type === 'error' ? [c.message] : []));
  }

  close(): void {
    this.socket.close();
  }
}
