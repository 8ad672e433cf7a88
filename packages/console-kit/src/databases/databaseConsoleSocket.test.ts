/** @jest-environment node */
import type { DatabaseConsoleMessage } from '@portcullis/shared';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { DatabaseConsoleClient, type DatabaseSocket } from './databaseConsoleSocket';

// A real websocket server plays the gateway, and ws's client (the same WebSocket interface a browser has) is the socket.
let server: WebSocketServer;
let gatewaySide: Promise<WebSocket>;
beforeEach(async () => {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  gatewaySide = new Promise((resolve) => server.once('connection', resolve));
  await new Promise((resolve) => server.once('listening', resolve));
});
afterEach(() => new Promise((resolve) => server.close(resolve)));

/** A client on a fresh socket, recording what it reports. */
async function connect() {
  const socket = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const seen = {
    messages: [] as DatabaseConsoleMessage[],
    unreadable: [] as string[],
    closed: undefined as { code: number; reason: string } | undefined,
  };
  const client = new DatabaseConsoleClient(socket as unknown as DatabaseSocket, {
    onMessage: (m) => seen.messages.push(m),
    onUnreadable: (p) => seen.unreadable.push(p),
    onClose: (code, reason) => (seen.closed = { code, reason }),
  });
  expect(client.run('select 1')).toBeUndefined();
  await new Promise((resolve) => socket.once('open', resolve));
  return { client, seen, gateway: await gatewaySide };
}

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
};

test('statements go out numbered; the gateway’s messages arrive checked and typed', async () => {
  const { client, seen, gateway } = await connect();
  const received: unknown[] = [];
  gateway.on('message', (data) => received.push(JSON.parse(String(data))));
  expect(client.run('select 1')).toBe(1);
  expect(client.run('select null')).toBe(2);
  await until(() => received.length === 2);
  expect(received).toEqual([
    { type: 'query', id: 1, query: 'select 1' },
    { type: 'query', id: 2, query: 'select null' },
  ]);
  gateway.send(
    JSON.stringify({ type: 'ready', sid: 's1', protocol: 'postgres', dbUser: 'alice', dbName: 'test' }),
  );
  gateway.send(
    JSON.stringify({
      type: 'result',
      id: 1,
      columns: ['?column?'],
      rows: [['1']],
      command: 'SELECT 1',
      rowCount: 1,
      durationMs: 2,
    }),
  );
  gateway.send(JSON.stringify({ type: 'error', id: 2, message: 'relation "nope" does not exist' }));
  await until(() => seen.messages.length === 3);
  expect(seen.messages).toEqual([
    { type: 'ready', sid: 's1', protocol: 'postgres', dbUser: 'alice', dbName: 'test' },
    {
      type: 'result',
      id: 1,
      columns: ['?column?'],
      rows: [['1']],
      command: 'SELECT 1',
      rowCount: 1,
      durationMs: 2,
    },
    { type: 'error', id: 2, message: 'relation "nope" does not exist' },
  ]);
  expect(seen.unreadable).toEqual([]);
  client.dispose();
});

test('frames outside the protocol are reported, never handed on', async () => {
  const { client, seen, gateway } = await connect();
  gateway.send('not json');
  gateway.send(
    JSON.stringify({
      type: 'result',
      id: 1,
      columns: ['a'],
      rows: [[1]],
      command: 'SELECT 1',
      rowCount: 1,
      durationMs: 1,
    }),
  );
  gateway.send(Buffer.from([1, 2, 3]));
  await until(() => seen.unreadable.length === 3);
  expect(seen.unreadable).toEqual([
    'a frame that is not JSON',
    expect.stringMatching(/^a message that does not match the protocol \(rows\.0\.0: /),
    'a binary frame where a JSON message was expected',
  ]);
  expect(seen.messages).toEqual([]);
  client.dispose();
});

test('the gateway closing the socket is reported with its reason, once; after it nothing runs', async () => {
  const { client, seen, gateway } = await connect();
  gateway.close(1011, 'database went away');
  await until(() => seen.closed !== undefined);
  expect(seen.closed).toEqual({ code: 1011, reason: 'database went away' });
  expect(client.run('select 1')).toBeUndefined();
});
