/**
 * PostgreSQL through the gateway's side and the agent's login, joined by the protocol harness, against the real
 * server on 127.0.0.1:5432 (trust for 127.0.0.1) and the real psql and pg clients.
 */
import { execFile } from 'node:child_process';
import net from 'node:net';
import { promisify } from 'node:util';
import pg from 'pg';
import { postgresLogin } from '../../src/agent/databases/postgres';
import { openPostgresConsole } from '../../src/resources/databases/protocols/postgres/console';
import { postgresProtocol } from '../../src/resources/databases/protocols/postgres/gateway';
import { startHarness, type Harness } from './protocolHarness';

jest.setTimeout(30_000);

const upstream = { host: '127.0.0.1', port: 5432 };
const refusedReason = 'your roles do not let you in as nobody';
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({
    protocol: postgresProtocol,
    login: postgresLogin,
    upstream,
    refusal: (user) => (user === 'nobody' ? refusedReason : undefined),
  });
});
afterAll(() => harness.close());

/** psql through the harness; resolves with its exit code and output (a failing psql does not throw). */
async function psql(user: string, sql: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const conninfo = `host=127.0.0.1 port=${harness.port} user=${user} dbname=test sslmode=prefer connect_timeout=10`;
  try {
    const { stdout, stderr } = await promisify(execFile)(
      '/usr/bin/psql',
      [conninfo, '-X', '-At', '-c', sql],
      {
        env: { PATH: process.env.PATH, PGAPPNAME: 'portcullis-test' },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Sends `bytes` on a fresh connection to the harness; resolves with all the harness answered once it closes. */
function rawExchange(bytes: Buffer): Promise<Buffer> {
  return new Promise((resolve) => {
    const received: Buffer[] = [];
    const socket = net.connect(harness.port, '127.0.0.1', () => socket.write(bytes));
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Buffer.concat(received)));
  });
}

function startup(version: number, parameters: Record<string, string>): Buffer {
  const pairs = Buffer.from(`${Object.entries(parameters).flat().join('\0')}\0\0`);
  const head = Buffer.alloc(8);
  head.writeInt32BE(8 + pairs.length);
  head.writeInt32BE(version, 4);
  return Buffer.concat([head, pairs]);
}

test('psql runs a statement through the gateway after being refused TLS, and the gateway sees the statement and opening', async () => {
  const { code, stdout, stderr } = await psql('postgres', 'select 1 as one');
  expect({ code, stdout, stderr }).toEqual({ code: 0, stdout: '1\n', stderr: '' });
  expect(harness.openings.at(-1)).toMatchObject({
    kind: 'startup',
    user: 'postgres',
    database: 'test',
    upstream: { parameters: { application_name: 'portcullis-test' } },
  });
  expect(harness.messages.map((m) => m.statement)).toContainEqual({ query: 'select 1 as one' });
  expect(harness.messages.at(-1)?.last).toBe(true);
});

test('the extended protocol: a parameterised query is inspected with its parameter', async () => {
  const client = new pg.Client({
    host: '127.0.0.1',
    port: harness.port,
    user: 'postgres',
    database: 'test',
    ssl: false,
  });
  await client.connect();
  try {
    const result = await client.query('select $1::int + 1 as n, $2::text as t', [41, null]);
    expect(result.rows).toEqual([{ n: 42, t: null }]);
  } finally {
    await client.end();
  }
  expect(harness.messages.map((m) => m.statement)).toContainEqual({
    query: 'select $1::int + 1 as n, $2::text as t',
    parameters: ['41', 'NULL'],
  });
});

test("the gateway's refusal reaches psql as its error", async () => {
  const { code, stderr } = await psql('nobody', 'select 1');
  expect(code).not.toBe(0);
  expect(stderr).toContain(`FATAL:  ${refusedReason}`);
});

test("the server's refusal of the login reaches psql and is the login's error", async () => {
  const { code, stderr } = await psql('no_such_role_here', 'select 1');
  expect(code).not.toBe(0);
  expect(stderr).toContain('FATAL:  role "no_such_role_here" does not exist');
  expect(harness.errors).toContain('role "no_such_role_here" does not exist');
});

test('a database that does not exist is refused as a login, though the server authenticated first', async () => {
  const conninfo = `host=127.0.0.1 port=${harness.port} user=postgres dbname=no_such_database_here sslmode=disable`;
  const failure = await promisify(execFile)('/usr/bin/psql', [conninfo, '-X', '-c', 'select 1']).catch(
    (err: { stderr: string }) => err,
  );
  expect((failure as { stderr: string }).stderr).toContain('database "no_such_database_here" does not exist');
  expect(harness.errors).toContain('database "no_such_database_here" does not exist');
});

test('an HTTP request to the port is a protocol error that closes that connection only', async () => {
  const answer = await rawExchange(Buffer.from('GET / HTTP/1.1\r\nHost: db.example\r\n\r\n'));
  expect(answer.length).toBe(0);
  expect(harness.errors).toContain(
    'this port speaks the PostgreSQL protocol; the client sent something else',
  );
  expect((await psql('postgres', 'select 2')).stdout).toBe('2\n');
});

test('a startup naming no user is a protocol error; a cancel request is answered by closing', async () => {
  await rawExchange(startup(196608, { database: 'test' }));
  expect(harness.errors).toContain('the client named no database user in its PostgreSQL startup message');
  await rawExchange(startup(2 << 16, { user: 'postgres' }));
  expect(harness.errors).toContain('the client asked for PostgreSQL protocol 2.0; this port speaks 3.0 only');
  const cancel = Buffer.alloc(16);
  cancel.writeInt32BE(16);
  cancel.writeInt32BE(80877102, 4);
  await rawExchange(cancel);
  expect(harness.openings.at(-1)).toEqual({
    kind: 'closed',
    reason: 'the client sent a cancel request, which the gateway does not forward',
  });
});

test('a client asking for protocol 3.2 and an option is told 3.0 without it, then signed in', async () => {
  const answer = await new Promise<Buffer>((resolve) => {
    let received = Buffer.alloc(0);
    const socket = net.connect(harness.port, '127.0.0.1', () =>
      socket.write(startup((3 << 16) | 2, { user: 'postgres', database: 'test', '_pq_.frob': 'on' })),
    );
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      // ReadyForQuery is 'Z', length 5, status: the last message of a login.
      if (received.length >= 6 && received[received.length - 6] === 0x5a)
        socket.end(Buffer.from('X\0\0\0\x04', 'latin1'));
    });
    socket.on('close', () => resolve(received));
  });
  const negotiate = Buffer.from('v\0\0\0\x16\0\0\0\0\0\0\0\x01_pq_.frob\0', 'latin1');
  expect(answer.subarray(0, negotiate.length)).toEqual(negotiate);
  expect(answer.subarray(negotiate.length, negotiate.length + 9)).toEqual(
    Buffer.from('R\0\0\0\x08\0\0\0\0', 'latin1'),
  );
});

describe('the console', () => {
  test('runs statements over a stream to the gateway, every value as PostgreSQL prints it', async () => {
    const console_ = await openPostgresConsole(net.connect(harness.port, '127.0.0.1'), {
      user: 'postgres',
      database: 'test',
    });
    try {
      expect(await console_.query('select 1 as one, null as n')).toEqual({
        columns: ['one', 'n'],
        rows: [['1', null]],
        command: 'SELECT 1',
        rowCount: 1,
      });
      expect(
        await console_.query(
          `select '2024-02-29'::date as d, '{"a": [1, 2]}'::json as j, 1.50::numeric as x, true as b`,
        ),
      ).toMatchObject({
        rows: [['2024-02-29', '{"a": [1, 2]}', '1.50', 't']],
      });
      expect(await console_.query('create temp table console_t (x int)')).toEqual({
        columns: [],
        rows: [],
        command: 'CREATE TABLE',
        rowCount: 0,
      });
      expect(await console_.query('insert into console_t values (1), (2)')).toMatchObject({
        command: 'INSERT 0 2',
        rowCount: 2,
      });
      await expect(console_.query('select * from no_such_table')).rejects.toThrow(
        'relation "no_such_table" does not exist',
      );
      expect((await console_.query('select 3')).rows).toEqual([['3']]);
    } finally {
      await console_.close();
    }
    expect(harness.messages.map((m) => m.statement?.query)).toContain('select * from no_such_table');
  });
});
