import { execFile } from 'node:child_process';
import net from 'node:net';
import { promisify } from 'node:util';
import { redisLogin } from '../../src/agent/databases/redis';
import { LoginError } from '../../src/agent/databases/login';
import { ProtocolError } from '../../src/resources/databases/protocols/protocol';
import { showArgument, splitArgs } from '../../src/resources/databases/protocols/redis/args';
import { CommandReader, type ClientCommand } from '../../src/resources/databases/protocols/redis/commands';
import { openRedisConsole } from '../../src/resources/databases/protocols/redis/console';
import { redisProtocol } from '../../src/resources/databases/protocols/redis/gateway';
import { encodeCommand, ReplyReader, type Reply } from '../../src/resources/databases/protocols/redis/resp';
import { exchange } from './redisExchange';
import { startHarness, type Harness, type HarnessOptions } from './protocolHarness';

const upstream = { host: '127.0.0.1', port: 6379 };
const run = `portcullis-test-${process.pid}-${Date.now()}`;
const key = (name: string) => `${run}:${name}`;

async function cli(port: number, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('/usr/bin/redis-cli', [
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    ...args,
  ]);
  return stdout.trimEnd();
}
/** Straight to the real server, around the gateway: to set up, check and clean up. */
const direct = (...args: string[]) => cli(upstream.port, ...args);

/** Writes `bytes` (if any) and answers what came back once the gateway closed the connection. */
function closedAfter(port: number, bytes?: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    if (bytes) socket.write(bytes);
  });
}

const harnesses: Harness[] = [];
async function harness(o: Partial<HarnessOptions> = {}): Promise<Harness> {
  const h = await startHarness({ protocol: redisProtocol, login: redisLogin, upstream, ...o });
  harnesses.push(h);
  return h;
}
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((h) => h.close()));
});
afterAll(async () => {
  for (const db of ['0', '3']) {
    const keys = (await direct('-n', db, '--scan', '--pattern', `${run}:*`)).split('\n').filter(Boolean);
    if (keys.length) await direct('-n', db, 'DEL', ...keys);
  }
});

const statements = (h: Harness) => h.messages.map((m) => m.statement?.query);
const bytes = (...parts: Array<string | Buffer>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));

describe('redis-cli through the gateway', () => {
  it('sets and gets a key, and the gateway sees both commands', async () => {
    const h = await harness();
    expect(await cli(h.port, 'SET', key('k'), 'v')).toBe('OK');
    expect(await cli(h.port, 'GET', key('k'))).toBe('v');
    expect(statements(h)).toEqual([`SET ${key('k')} v`, `GET ${key('k')}`]);
    expect(h.openings).toEqual(
      [1, 2].map(() => ({
        kind: 'startup',
        user: 'default',
        database: '0',
        upstream: {},
        rest: Buffer.alloc(0),
      })),
    );
    expect(h.errors).toEqual([]);
  });

  it('inspects pipelined commands, arrays and inline, in order', async () => {
    const h = await harness();
    const k = key('pipelined');
    const replies = await exchange(
      h.port,
      bytes(
        encodeCommand(['SET', k, 'a']),
        encodeCommand(['APPEND', k, 'b c']),
        `GET ${k}\r\n`,
        encodeCommand(['DEL', k]),
      ),
      4,
    );
    expect(replies).toEqual([
      { type: 'simple', text: 'OK' },
      { type: 'integer', text: '4' },
      { type: 'bulk', value: Buffer.from('ab c') },
      { type: 'integer', text: '1' },
    ]);
    expect(statements(h)).toEqual([`SET ${k} a`, `APPEND ${k} "b c"`, `GET ${k}`, `DEL ${k}`]);
  });

  it('refuses AUTH from the client, and shows no password', async () => {
    const h = await harness();
    const replies = await exchange(h.port, bytes('AUTH secret\r\n', encodeCommand(['PING'])), 2);
    expect(replies).toEqual([
      { type: 'error', text: 'ERR the gateway has signed you in as default; AUTH is not passed on' },
      { type: 'simple', text: 'PONG' },
    ]);
    expect(h.messages[0]).toMatchObject({
      statement: { query: 'AUTH (redacted)' },
      refused: { reason: 'the gateway has signed you in as default; AUTH is not passed on' },
    });
    expect(h.messages[1]!.refused).toBeUndefined();
  });

  it('refuses SELECT to a database the roles refuse, and passes one they allow', async () => {
    const h = await harness({
      refusal: (_user, database) => (database === '5' ? 'your roles do not allow database 5' : undefined),
    });
    const k = key('selected');
    const replies = await exchange(
      h.port,
      bytes(
        encodeCommand(['SELECT', '5']),
        encodeCommand(['SELECT', '3']),
        encodeCommand(['SET', k, 'in 3']),
      ),
      3,
    );
    expect(replies).toEqual([
      { type: 'error', text: 'ERR your roles do not allow database 5' },
      { type: 'simple', text: 'OK' },
      { type: 'simple', text: 'OK' },
    ]);
    expect(h.messages.map((m) => m.refused?.reason)).toEqual([
      'your roles do not allow database 5',
      undefined,
      undefined,
    ]);
    expect(await direct('-n', '3', 'GET', k)).toBe('in 3');
  });

  it('answers a refused command after the replies to the commands pipelined before it', async () => {
    const h = await harness({
      refusal: (_user, database) => (database === '5' ? 'your roles do not allow database 5' : undefined),
    });
    const k = key('ordered');
    // A value long enough that its reply comes in several reads, ahead of the refusal.
    const value = 'v'.repeat(300_000);
    const replies = await exchange(
      h.port,
      bytes(
        encodeCommand(['SET', k, value]),
        encodeCommand(['GET', k]),
        encodeCommand(['SELECT', '5']),
        'AUTH secret\r\n',
        encodeCommand(['DEL', k]),
      ),
      5,
    );
    expect(replies).toEqual([
      { type: 'simple', text: 'OK' },
      { type: 'bulk', value: Buffer.from(value) },
      { type: 'error', text: 'ERR your roles do not allow database 5' },
      { type: 'error', text: 'ERR the gateway has signed you in as default; AUTH is not passed on' },
      { type: 'integer', text: '1' },
    ]);
  });

  it('discards a transaction in which it refused a command, as Redis discards one in which it rejected one', async () => {
    const h = await harness({
      refusal: (_user, database) => (database === '5' ? 'your roles do not allow database 5' : undefined),
    });
    const k = key('transaction');
    const replies = await exchange(
      h.port,
      bytes(...[['MULTI'], ['SELECT', '5'], ['SET', k, 'x'], ['EXEC'], ['EXISTS', k], ['MULTI'], ['SET', k, 'y'], ['EXEC']].map((c) => encodeCommand(c))),
      8,
    );
    expect(replies).toEqual([
      { type: 'simple', text: 'OK' },
      { type: 'error', text: 'ERR your roles do not allow database 5' },
      { type: 'simple', text: 'QUEUED' },
      { type: 'error', text: 'EXECABORT Transaction discarded because of previous errors: the gateway refused a command in it' },
      { type: 'integer', text: '0' },
      { type: 'simple', text: 'OK' },
      { type: 'simple', text: 'QUEUED' },
      { type: 'array', items: [{ type: 'simple', text: 'OK' }] },
    ]);
    expect(await direct('GET', k)).toBe('y');
  });

  it('ends a connection whose transaction it cannot discard in its place: the replies stopped being counted', async () => {
    const h = await harness({
      refusal: (_user, database) => (database === '5' ? 'your roles do not allow database 5' : undefined),
    });
    const k = key('uncounted');
    // RESP3 lets a subscribed client send any command, but the server's replies no longer match them one to one.
    const commands = [['HELLO', '3'], ['SUBSCRIBE', k], ['MULTI'], ['SELECT', '5'], ['SET', k, 'x'], ['EXEC']];
    await closedAfter(h.port, bytes(...commands.map((c) => encodeCommand(c))));
    expect(h.errors).toEqual(['the transaction was discarded: the gateway refused a command in it']);
    expect(await direct('EXISTS', k)).toBe('0');
  });

  it('closes a connection sending HTTP, and keeps serving others', async () => {
    const h = await harness();
    expect(await closedAfter(h.port, Buffer.from('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n'))).toBe('');
    expect(h.errors).toEqual(['an HTTP request sent to Redis']);
    expect(h.messages).toEqual([]);
    expect(await cli(h.port, 'PING')).toBe('PONG');
  });

  it('closes a connection sending a malformed bulk length', async () => {
    const h = await harness();
    expect(await closedAfter(h.port, Buffer.from('*2\r\n$3\r\nGET\r\n$x1\r\nk\r\n'))).toBe('');
    expect(h.errors).toEqual(["a length that is not a number (byte 'x')"]);
  });
});

describe('the query console', () => {
  it('runs commands and shows their replies as rows', async () => {
    const h = await harness();
    const console = await openRedisConsole(net.connect(h.port, '127.0.0.1'), {
      user: 'default',
      database: '0',
    });
    const [k, list] = [key('console'), key('list')];
    expect(await console.query(`set ${k} hello`)).toEqual({
      columns: ['result'],
      rows: [['OK']],
      command: 'SET',
      rowCount: 1,
    });
    expect(await console.query(`GET ${k}`)).toEqual({
      columns: ['result'],
      rows: [['hello']],
      command: 'GET',
      rowCount: 1,
    });
    expect(await console.query(`RPUSH ${list} a "b c" 'd\\'e'`)).toEqual({
      columns: ['result'],
      rows: [['3']],
      command: 'RPUSH',
      rowCount: 1,
    });
    expect(await console.query(`LRANGE ${list} 0 -1`)).toEqual({
      columns: ['result'],
      rows: [['a'], ['b c'], ["d'e"]],
      command: 'LRANGE',
      rowCount: 3,
    });
    expect(await console.query(`GET ${key('missing')}`)).toEqual({
      columns: ['result'],
      rows: [[null]],
      command: 'GET',
      rowCount: 1,
    });
    expect(await console.query('EVAL "return {1, {2, \'x\'}}" 0')).toEqual({
      columns: ['result'],
      rows: [['1'], ['["2","x"]']],
      command: 'EVAL',
      rowCount: 2,
    });
    await expect(console.query(`INCR ${k}`)).rejects.toThrow(/^ERR value is not an integer or out of range$/);
    await expect(console.query('GET "unbalanced')).rejects.toThrow('Invalid argument(s): unbalanced quotes');
    // RESP3 answers a map, shown as keys and values.
    const hello = await console.query('HELLO 3');
    expect(hello.columns).toEqual(['key', 'value']);
    expect(hello.rows).toContainEqual(['server', 'redis']);
    expect(hello.rows).toContainEqual(['proto', '3']);
    await console.close();
    expect(statements(h)).toEqual([
      `set ${k} hello`,
      `GET ${k}`,
      `RPUSH ${list} a "b c" "d'e"`,
      `LRANGE ${list} 0 -1`,
      `GET ${key('missing')}`,
      'EVAL "return {1, {2, \'x\'}}" 0',
      `INCR ${k}`,
      'HELLO 3',
    ]);
  });
});

describe('the agent logging in to Redis', () => {
  const user = `${run}-user`;
  afterAll(() => direct('ACL', 'DELUSER', user));

  it('answers the server reason when the password is wrong', async () => {
    const h = await harness({ defaults: { user: `${run}-nobody` }, password: 'wrong' });
    // Sending nothing: the harness ends a refused connection without reading what the client sent.
    expect(await closedAfter(h.port)).toBe(
      '-ERR WRONGPASS invalid username-password pair or user is disabled.\r\n',
    );
    expect(h.errors).toEqual(['WRONGPASS invalid username-password pair or user is disabled.']);
  });

  it('signs in as a user with a password, in its database', async () => {
    expect(await direct('ACL', 'SETUSER', user, 'on', '>s3cret pass', '~*', '&*', '+@all')).toBe('OK');
    const h = await harness({ defaults: { user, database: '3' }, password: 's3cret pass' });
    expect(await cli(h.port, 'ACL', 'WHOAMI')).toBe(user);
    expect(await cli(h.port, 'SET', key('as-user'), 'x')).toBe('OK');
    expect(await direct('-n', '3', 'GET', key('as-user'))).toBe('x');
    expect(h.errors).toEqual([]);
  });

  it('refuses a user other than default when it holds no password', async () => {
    const socket = net.connect(upstream);
    await new Promise((resolve) => socket.once('connect', resolve));
    await expect(redisLogin(socket, { user: 'alice', database: '0', upstream: {} })).rejects.toEqual(
      new LoginError('the agent holds no password for Redis user alice'),
    );
    socket.destroy();
  });

  it('answers the server reason for a database it does not have', async () => {
    const socket = net.connect(upstream);
    await new Promise((resolve) => socket.once('connect', resolve));
    await expect(redisLogin(socket, { user: 'default', database: '100000', upstream: {} })).rejects.toEqual(
      new LoginError('ERR DB index is out of range'),
    );
    socket.destroy();
  });
});

describe('reading client commands', () => {
  const stream = bytes(
    encodeCommand(['SET', 'k', Buffer.from([0, 13, 10, 255]), '']),
    'GET "a b"\r\n',
    '\r\n',
    '*0\r\n',
    "get 'x'\n",
    encodeCommand(['PING']),
  );
  const expected = [
    { args: ['SET', 'k', '\0\r\n\xff', ''], inline: false },
    { args: ['GET', 'a b'], inline: true },
    { args: [], inline: true },
    { args: [], inline: false },
    { args: ['get', 'x'], inline: true },
    { args: ['PING'], inline: false },
  ];
  const shape = (commands: ClientCommand[]) =>
    commands.map((c) => ({ args: c.args.map((a) => a.toString('latin1')), inline: c.inline }));

  it('splits a stream the same wherever the chunks break', () => {
    for (let at = 0; at <= stream.length; at++) {
      const reader = new CommandReader();
      const commands = [...reader.push(stream.subarray(0, at)), ...reader.push(stream.subarray(at))];
      expect(shape(commands)).toEqual(expected);
      expect(Buffer.concat(commands.map((c) => c.bytes))).toEqual(stream);
    }
  });

  it('reads a stream a byte at a time', () => {
    const reader = new CommandReader();
    const commands: ClientCommand[] = [];
    for (let i = 0; i < stream.length; i++) commands.push(...reader.push(stream.subarray(i, i + 1)));
    expect(shape(commands)).toEqual(expected);
  });

  it.each([
    ['a null bulk string', '*1\r\n$-1\r\n', 'invalid bulk length -1'],
    ['a bulk length that is not a number', '*1\r\n$1a\r\n', "a length that is not a number (byte 'a')"],
    ['a bulk longer than 512 MiB', '*1\r\n$536870913\r\n', 'invalid bulk length 536870913'],
    ['an array of more than 1M elements', '*1048577\r\n', 'invalid command array length 1048577'],
    ['a negative array length', '*-2\r\n', 'invalid command array length -2'],
    [
      'an argument longer than it says',
      '*1\r\n$3\r\nabcd\r\n',
      'a command argument longer than its length said',
    ],
    ['an argument not a bulk string', '*1\r\n:1\r\n', "expected '$' before a command argument, got ':'"],
    ['a reply instead of a command', '+OK\r\n', 'expected a Redis command, got a byte 0x2b'],
    ['a TLS handshake', '\x16\x03\x01\x02\x00', 'expected a Redis command, got a byte 0x16'],
    ['unbalanced quotes', 'SET k "v\r\n', 'unbalanced quotes in an inline command'],
    ['an endless inline command', 'x'.repeat(64 * 1024 + 1), 'an inline command longer than 64 KiB'],
  ])('refuses %s', (_what, input, message) => {
    expect(() => new CommandReader().push(Buffer.from(input, 'latin1'))).toThrow(new ProtocolError(message));
  });
});

describe('reading server replies', () => {
  it('reads replies the same wherever the chunks break', () => {
    const stream = Buffer.from(
      '+OK\r\n:12\r\n$3\r\na\r\n\r\n$-1\r\n*2\r\n$1\r\nx\r\n*-1\r\n-ERR no\r\n%1\r\n+k\r\n#t\r\n',
    );
    const expected: Reply[] = [
      { type: 'simple', text: 'OK' },
      { type: 'integer', text: '12' },
      { type: 'bulk', value: Buffer.from('a\r\n') },
      { type: 'null' },
      { type: 'array', items: [{ type: 'bulk', value: Buffer.from('x') }, { type: 'null' }] },
      { type: 'error', text: 'ERR no' },
      {
        type: 'map',
        entries: [
          [
            { type: 'simple', text: 'k' },
            { type: 'simple', text: 'true' },
          ],
        ],
      },
    ];
    for (let at = 0; at <= stream.length; at++) {
      const reader = new ReplyReader();
      expect([...reader.push(stream.subarray(0, at)), ...reader.push(stream.subarray(at))]).toEqual(expected);
    }
  });
});

describe('inspecting commands', () => {
  const opening = {
    kind: 'startup' as const,
    user: 'alice',
    database: '2',
    upstream: {},
    rest: Buffer.alloc(0),
  };
  const inspect = (input: string | Buffer, refused: string[] = []) =>
    redisProtocol
      .inspector(opening, {
        databaseRefusal: (db) => (refused.includes(db) ? `no database ${db}` : undefined),
      })
      .push(typeof input === 'string' ? Buffer.from(input) : input);

  it('shows arguments as redis-cli does, quoting what needs it', () => {
    const [message] = inspect(
      encodeCommand(['SET', "it's", 'a b', '', 'say "hi"\\', 'café', 'tab\there', 'zero\u200bwidth']),
    );
    expect(message!.statement!.query).toBe(
      'SET "it\'s" "a b" "" "say \\"hi\\"\\\\" café "tab\\there" "zero\\xe2\\x80\\x8bwidth"',
    );
  });

  it.each([
    ['plain'],
    ['with space'],
    [''],
    ['quote " and \' and \\'],
    ['\r\n\t\x07\x08\x00\x7f'],
    ['naïve ☃'],
    ['\u00a0nbsp'],
  ])('reads back what it shows: %j', (text) => {
    expect(splitArgs(Buffer.from(showArgument(Buffer.from(text))))).toEqual([Buffer.from(text)]);
  });

  it('shows bytes that are not UTF-8 as \\xHH, reading back the same bytes', () => {
    const raw = Buffer.from([0x61, 0xff, 0xc3]);
    expect(showArgument(raw)).toBe('"a\\xff\\xc3"');
    expect(splitArgs(Buffer.from(showArgument(raw)))).toEqual([raw]);
  });

  it('shows a long argument cut', () => {
    expect(showArgument(Buffer.alloc(5000, 'a'))).toBe(`${'a'.repeat(4096)}…(5000 bytes)`);
  });

  it('redacts passwords', () => {
    expect(
      inspect(
        'HELLO 3 AUTH bob pw SETNAME c\r\nACL SETUSER bob on >pw ~*\r\nCONFIG SET requirepass pw maxmemory 1\r\n',
      ).map((m) => m.statement!.query),
    ).toEqual([
      'HELLO 3 AUTH bob (redacted) SETNAME c',
      'ACL SETUSER bob on (redacted) ~*',
      'CONFIG SET requirepass (redacted) maxmemory 1',
    ]);
  });

  it('refuses HELLO with AUTH and RESET, and passes HELLO without AUTH', () => {
    expect(
      inspect('HELLO 3 AUTH bob pw\r\nHELLO 3 SETNAME AUTH\r\nRESET\r\n').map((m) => m.refused?.reason),
    ).toEqual([
      'the gateway has signed you in as alice; HELLO with AUTH is not passed on (send HELLO without AUTH)',
      undefined,
      'the gateway has signed you in as alice; RESET would sign you out and is not passed on',
    ]);
  });

  it('checks every command that names another database', () => {
    const refused = ['5'];
    expect(
      inspect(
        'SELECT 5\r\nSELECT 2\r\nSWAPDB 2 5\r\nMOVE k 5\r\nCOPY a b DB 5\r\nCOPY a b DB 1\r\n',
        refused,
      ).map((m) => m.refused?.reason),
    ).toEqual(['no database 5', undefined, 'no database 5', 'no database 5', 'no database 5', undefined]);
    expect(inspect('SELECT 5\r\n', refused)[0]!.refused!.reply).toEqual(
      Buffer.from('-ERR no database 5\r\n'),
    );
  });

  it('discards a transaction in which it refused a command: its EXEC is refused and sent as DISCARD', () => {
    const refused = ['5'];
    const messages = inspect(
      'MULTI\r\nSELECT 5\r\nSET k v\r\nexec\r\nMULTI\r\nSELECT 5\r\nDISCARD\r\nMULTI\r\nSET k v\r\nEXEC\r\nSELECT 5\r\nEXEC\r\n',
      refused,
    );
    expect(messages.map((m) => m.refused?.reason)).toEqual([
      undefined,
      'no database 5',
      undefined,
      'the transaction was discarded: the gateway refused a command in it',
      undefined,
      'no database 5',
      undefined,
      undefined,
      undefined,
      undefined,
      'no database 5',
      undefined,
    ]);
    expect(messages[3]!.refused).toEqual({
      reason: 'the transaction was discarded: the gateway refused a command in it',
      reply: Buffer.from('-EXECABORT Transaction discarded because of previous errors: the gateway refused a command in it\r\n'),
      instead: { bytes: encodeCommand(['DISCARD']) },
    });
    expect(messages[3]!.statement!.query).toBe('exec');
  });

  it('marks QUIT as the last message', () => {
    expect(inspect('PING\r\nquit\r\n').map((m) => m.last)).toEqual([undefined, true]);
  });

  it.each([
    ['GET / HTTP/1.1\r\n'],
    ['POST /x HTTP/1.0\r\n'],
    ['Host: localhost\r\n'],
    ['PRI * HTTP/2.0\r\n'],
  ])('refuses HTTP: %j', (input) => {
    expect(() => inspect(input)).toThrow(new ProtocolError('an HTTP request sent to Redis'));
  });

  it('opens with the connect URL user and numbered database', async () => {
    const client = new net.Socket();
    await expect(redisProtocol.open(client, {})).resolves.toEqual({
      kind: 'startup',
      user: 'default',
      database: '0',
      upstream: {},
      rest: Buffer.alloc(0),
    });
    await expect(redisProtocol.open(client, { user: 'bob', database: '7' })).resolves.toMatchObject({
      user: 'bob',
      database: '7',
    });
    await expect(redisProtocol.open(client, { database: 'app' })).rejects.toThrow(
      new ProtocolError('Redis databases are numbered from 0: "app" is not one'),
    );
    await expect(redisProtocol.open(client, { database: '-1' })).rejects.toThrow(ProtocolError);
    expect(redisProtocol.refusal('no\r\nway')).toEqual(Buffer.from('-ERR no way\r\n'));
  });
});
