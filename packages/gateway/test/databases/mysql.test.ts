import { execFile } from 'node:child_process';
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { createConnection } from 'mysql2/promise';
import { mysqlLogin } from '../../src/agent/databases/mysql';
import { cachingSha2Token, rsaPasswordToken } from '../../src/agent/databases/mysqlPasswords';
import { openMysqlConsole } from '../../src/resources/databases/protocols/mysql/console';
import { mysqlProtocol } from '../../src/resources/databases/protocols/mysql/gateway';
import { MysqlInspector } from '../../src/resources/databases/protocols/mysql/inspector';
import { frame, maxPacketPayload } from '../../src/resources/databases/protocols/mysql/packets';
import type { InspectedMessage } from '../../src/resources/databases/protocols/protocol';
import { startHarness, type Harness } from './protocolHarness';

const mariadb = { host: '127.0.0.1', port: 3306 };
const refusal = (user: string, database: string) =>
  user === 'nobody'
    ? 'nobody may not use this database'
    : database === 'mysql'
      ? 'your roles do not allow the database mysql'
      : undefined;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real mysql client (MariaDB's) against the harness; --skip-ssl because the gateway offers no TLS. */
async function mysqlCli(h: Harness, args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)('/usr/bin/mysql', [
      '-h',
      '127.0.0.1',
      '-P',
      String(h.port),
      '--skip-ssl',
      '-B',
      ...args,
    ]);
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Raw bytes sent to the harness, until it closes the connection. */
async function sendRaw(h: Harness, bytes: Buffer): Promise<void> {
  const socket = net.connect(h.port, '127.0.0.1');
  socket.on('data', () => undefined);
  socket.on('error', () => undefined);
  socket.write(bytes);
  await new Promise((resolve) => socket.once('close', resolve));
}

const statements = (h: Harness) => h.messages.flatMap((m) => (m.statement ? [m.statement] : []));

describe('MySQL through the gateway, against MariaDB', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ protocol: mysqlProtocol, login: mysqlLogin, upstream: mariadb, refusal });
  });
  afterAll(() => h.close());

  test('the mysql client runs a query and the gateway sees it', async () => {
    const run = await mysqlCli(h, ['-u', 'root', '-D', 'test', '-e', 'select 1 as one']);
    expect(run).toEqual({ code: 0, stdout: 'one\n1\n', stderr: '' });
    expect(statements(h)).toContainEqual({ query: 'select 1 as one' });
    expect(h.openings).toContainEqual(
      expect.objectContaining({ kind: 'startup', user: 'root', database: 'test' }),
    );
  });

  test.each([
    ['caching_sha2_password with a password', ['--default-auth=caching_sha2_password', '-pany']],
    ['caching_sha2_password without one', ['--default-auth=caching_sha2_password']],
    ['client_ed25519', ['--default-auth=client_ed25519', '-pany']],
  ])('a client whose auth plugin is %s is signed in too', async (_name, auth) => {
    const run = await mysqlCli(h, ['-u', 'root', '-D', 'test', ...auth, '-e', 'select current_user()']);
    expect(run).toEqual({ code: 0, stdout: 'current_user()\nroot@127.0.0.1\n', stderr: '' });
  });

  test('USE of a database the roles refuse is answered by the gateway; an allowed one passes', async () => {
    const refused = await mysqlCli(h, ['-u', 'root', '-D', 'test', '-e', 'use mysql; select 1']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'ERROR 1044 (42000) at line 1: your roles do not allow the database mysql',
    );
    expect(h.messages).toContainEqual(
      expect.objectContaining({
        refused: expect.objectContaining({ reason: 'your roles do not allow the database mysql' }),
      }),
    );

    const allowed = await mysqlCli(h, [
      '-u',
      'root',
      '-D',
      'test',
      '-e',
      'use information_schema; select database()',
    ]);
    expect(allowed).toEqual({ code: 0, stdout: 'database()\ninformation_schema\n', stderr: '' });
    expect(statements(h)).toContainEqual({ query: 'USE `information_schema`' });
  });

  test('a prepared statement through mysql2 is inspected, its parameters decoded', async () => {
    const connection = await createConnection({
      host: '127.0.0.1',
      port: h.port,
      user: 'root',
      database: 'test',
    });
    try {
      const [rows] = await connection.execute('select concat(?, ?) as joined, ? as nothing', [
        'gate',
        42,
        null,
      ]);
      expect(rows).toEqual([{ joined: 'gate42', nothing: null }]);
      await expect(connection.changeUser({ user: 'nobody' })).rejects.toThrow(
        'changing the database user inside a connection is not allowed through the gateway',
      );
    } finally {
      await connection.end();
    }
    expect(statements(h)).toContainEqual({ query: 'select concat(?, ?) as joined, ? as nothing' });
    const execute = statements(h).find((s) => s.query.startsWith('EXECUTE statement '));
    expect(execute?.parameters).toEqual(['gate', '42', 'NULL']);
  });

  test('a refusal by the gateway and a refusal by MariaDB both reach the client', async () => {
    const nobody = await mysqlCli(h, ['-u', 'nobody', '-D', 'test', '-e', 'select 1']);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('ERROR 1045 (28000): nobody may not use this database');

    const unknown = await mysqlCli(h, ['-u', 'root', '-D', 'no_such_database', '-e', 'select 1']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Unknown database 'no_such_database'");
    expect(h.errors).toContain("Unknown database 'no_such_database'");
  });

  test('something that is not a MySQL client is named, and the gateway goes on', async () => {
    await sendRaw(h, Buffer.from('GET / HTTP/1.1\r\nHost: gateway\r\n\r\n'));
    expect(h.errors.at(-1)).toMatch(/^the client sent what looks like an HTTP request/);

    // An SSLRequest: capabilities (PROTOCOL_41 | SSL), max packet size, charset, 23 bytes of filler.
    const sslRequest = Buffer.alloc(32);
    sslRequest.writeUInt32LE((1 << 9) | (1 << 11), 0);
    sslRequest.writeUInt32LE(16 * 1024 * 1024, 4);
    sslRequest[8] = 45;
    await sendRaw(h, frame(1, sslRequest));
    expect(h.errors.at(-1)).toMatch(/^TLS to the gateway is not offered on this port .*--skip-ssl/);

    await sendRaw(h, Buffer.from([0, 0, 0, 8, 4, 210, 22, 47]));
    expect(h.errors.at(-1)).toMatch(/looks like a PostgreSQL startup/);

    const run = await mysqlCli(h, ['-u', 'root', '-D', 'test', '-e', 'select 2 as two']);
    expect(run.stdout).toBe('two\n2\n');
  });

  test('the query console reads values as text and rejects with the server message', async () => {
    const console = await openMysqlConsole(net.connect(h.port, '127.0.0.1'), {
      user: 'root',
      database: 'test',
    });
    try {
      await expect(console.query('select 1 as one, null as n')).resolves.toEqual({
        columns: ['one', 'n'],
        rows: [['1', null]],
        command: 'SELECT',
        rowCount: 1,
      });
      await expect(
        console.query("select cast(2.50 as decimal(4,2)) as d, date('2024-02-29') as day"),
      ).resolves.toMatchObject({ rows: [['2.50', '2024-02-29']] });
      await expect(console.query('select * from no_such_table')).rejects.toThrow(
        "Table 'test.no_such_table' doesn't exist",
      );
      await expect(console.query('do 1')).resolves.toEqual({
        columns: [],
        rows: [],
        command: 'OK',
        rowCount: 0,
      });
    } finally {
      await console.close();
    }
  });
});

describe('mysql_native_password with a password the agent holds', () => {
  const user = `portcullis_${process.pid}`;
  let admin: Awaited<ReturnType<typeof createConnection>>;
  beforeAll(async () => {
    admin = await createConnection({ ...mariadb, user: 'root', database: 'test' });
    await admin.query(`create user '${user}'@'%' identified by 'sesame'`);
    await admin.query(`grant select on test.* to '${user}'@'%'`);
  });
  afterAll(async () => {
    await admin.query(`drop user '${user}'@'%'`);
    await admin.end();
  });

  test('the right password logs in, through the real client', async () => {
    const h = await startHarness({
      protocol: mysqlProtocol,
      login: mysqlLogin,
      upstream: mariadb,
      password: 'sesame',
    });
    try {
      const run = await mysqlCli(h, ['-u', user, '-D', 'test', '-e', 'select current_user()']);
      expect(run).toEqual({ code: 0, stdout: `current_user()\n${user}@%\n`, stderr: '' });
    } finally {
      await h.close();
    }
  });

  test('a wrong password is the server refusal', async () => {
    const socket = net.connect(mariadb);
    await new Promise((resolve) => socket.once('connect', resolve));
    try {
      await expect(
        mysqlLogin(socket, { user, database: 'test', password: 'wrong', upstream: {} }),
      ).rejects.toThrow(new RegExp(`^Access denied for user '${user}'@'[^']+' \\(using password: YES\\)$`));
    } finally {
      socket.destroy();
    }
  });
});

describe('the command splitter', () => {
  const ctx = { databaseRefusal: (database: string) => (database === 'secret' ? 'not allowed' : undefined) };
  const command = (code: number, text: string) =>
    frame(0, Buffer.concat([Buffer.of(code), Buffer.from(text)]));
  const stream = Buffer.concat([
    command(0x03, 'select 1'),
    command(0x02, 'secret'),
    command(0x16, 'select ?'),
    command(0x02, 'test'),
    command(0x01, ''),
  ]);
  const summary = (messages: InspectedMessage[]) =>
    messages.map((m) => ({ statement: m.statement, refused: m.refused?.reason, last: m.last }));

  test('several commands in one chunk are slices of it', () => {
    const messages = new MysqlInspector(ctx).push(stream);
    expect(summary(messages)).toEqual([
      { statement: { query: 'select 1' } },
      { refused: 'not allowed' },
      { statement: { query: 'select ?' } },
      { statement: { query: 'USE `test`' } },
      { last: true },
    ]);
    expect(messages.every((m) => m.bytes.buffer === stream.buffer)).toBe(true);
    expect(Buffer.concat(messages.map((m) => m.bytes))).toEqual(stream);
    // The refusal's ERR packet answers the command's packet 0 with 1.
    expect(messages[1]!.refused!.reply[3]).toBe(1);
  });

  test('a split at every byte gives the same commands', () => {
    const whole = summary(new MysqlInspector(ctx).push(stream));
    for (let cut = 1; cut < stream.length; cut++) {
      const inspector = new MysqlInspector(ctx);
      const messages = [...inspector.push(stream.subarray(0, cut)), ...inspector.push(stream.subarray(cut))];
      expect(summary(messages)).toEqual(whole);
      expect(Buffer.concat(messages.map((m) => m.bytes))).toEqual(stream);
    }
    const inspector = new MysqlInspector(ctx);
    const oneByOne = [...stream].flatMap((byte) => inspector.push(Buffer.of(byte)));
    expect(summary(oneByOne)).toEqual(whole);
  });

  test.each([
    ['just over one packet', maxPacketPayload + 10],
    ['exactly one full packet, then an empty one', maxPacketPayload],
  ])('a command of %s is one message', (_name, size) => {
    const payload = Buffer.alloc(size, 'x');
    payload[0] = 0x03;
    const bytes = frame(0, payload);
    expect(bytes.length).toBe(size + 8);
    const inspector = new MysqlInspector(ctx);
    const messages: InspectedMessage[] = [];
    for (let at = 0; at < bytes.length; at += 65536)
      messages.push(...inspector.push(bytes.subarray(at, at + 65536)));
    messages.push(...inspector.push(command(0x03, 'select 2')));
    expect(messages).toHaveLength(2);
    // (Buffer.equals: jest's deep equality takes minutes over 16 MiB.)
    expect(messages[0]!.bytes.equals(bytes)).toBe(true);
    expect(messages[0]!.statement!.query).toHaveLength(size - 1);
    expect(messages[1]!.statement).toEqual({ query: 'select 2' });
  });

  test('a packet out of sequence is a protocol error', () => {
    expect(() => new MysqlInspector(ctx).push(frame(3, Buffer.from('\x03select 1')))).toThrow(
      'the client sent a packet out of sequence (id 3 where 0 was due)',
    );
  });

  test('an execute is decoded with its types, and later executes by the types it kept', () => {
    const head = (bound: number) => Buffer.from([0x17, 7, 0, 0, 0, 0, 1, 0, 0, 0, 0b100, bound]);
    const values = Buffer.concat([
      Buffer.from([42, 0, 0, 0, 0, 0, 0, 0]),
      Buffer.from([3]),
      Buffer.from('abc'),
    ]);
    const types = Buffer.from([0x08, 0x00, 0xfd, 0x00, 0x06, 0x00]);
    const inspector = new MysqlInspector(ctx);
    const [first] = inspector.push(frame(0, Buffer.concat([head(1), types, values])));
    expect(first!.statement).toEqual({ query: 'EXECUTE statement 7', parameters: ['42', 'abc', 'NULL'] });
    const [again] = inspector.push(frame(0, Buffer.concat([head(0), values])));
    expect(again!.statement).toEqual({ query: 'EXECUTE statement 7', parameters: ['42', 'abc', 'NULL'] });
    // A parameter sent as long data is missing from the next execute, which is then not decoded.
    inspector.push(frame(0, Buffer.concat([Buffer.from([0x18, 7, 0, 0, 0, 1, 0]), Buffer.from('abc')])));
    const [long] = inspector.push(frame(0, Buffer.concat([head(0), values.subarray(0, 8)])));
    expect(long!.statement).toEqual({ query: 'EXECUTE statement 7' });
  });
});

// MariaDB has no caching_sha2_password: its answers are checked against mysql2's own implementation and by decryption.
describe('caching_sha2_password answers', () => {
  const scramble = Buffer.from('0123456789abcdefghij');

  test('the fast answer is the one mysql2 computes', () => {
    // The plugin is not among mysql2's exports: it is loaded by its path.
    const plugin = path.join(
      path.dirname(require.resolve('mysql2')),
      'lib/auth_plugins/caching_sha2_password.js',
    );
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { calculateToken } = require(plugin) as {
      calculateToken(password: string, scramble: Buffer): Buffer;
    };
    expect(cachingSha2Token('sesame', scramble).equals(calculateToken('sesame', scramble))).toBe(true);
    expect(cachingSha2Token('', scramble)).toHaveLength(0);
  });

  test('the full answer decrypts, with the server key, to the password XOR the scramble', () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const token = rsaPasswordToken(
      'sesame',
      scramble,
      publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    );
    const plain = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING }, token);
    expect(Buffer.from(plain.map((byte, i) => byte ^ scramble[i % scramble.length]!)).toString()).toBe(
      'sesame\0',
    );
  });
});
