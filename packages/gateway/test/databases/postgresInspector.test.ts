import { PostgresInspector } from '../../src/resources/databases/protocols/postgres/inspector';
import { ProtocolError, type InspectedMessage } from '../../src/resources/databases/protocols/protocol';

/** A frontend message: type byte, int32 length, body. */
function msg(type: string, ...body: Array<string | Buffer | number[]>): Buffer {
  const content = Buffer.concat(
    body.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part))),
  );
  const head = Buffer.alloc(5);
  head.write(type, 'latin1');
  head.writeInt32BE(4 + content.length, 1);
  return Buffer.concat([head, content]);
}
const int16 = (...values: number[]) =>
  Buffer.concat(values.map((v) => Buffer.from([(v >> 8) & 0xff, v & 0xff])));
const int32 = (v: number) => Buffer.from([(v >>> 24) & 0xff, (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff]);
/** A Bind's values: length then bytes, -1 for NULL. */
const values = (...vs: Array<Buffer | null>) =>
  Buffer.concat([int16(vs.length), ...vs.map((v) => (v ? Buffer.concat([int32(v.length), v]) : int32(-1)))]);

const query = msg('Q', 'select 1 as one\0');
const parse = msg('P', 's1\0', 'select $1::text, $2::bytea, $3::int\0', int16(0));
const bind = msg(
  'B',
  '\0',
  's1\0',
  int16(3, 0, 1, 0),
  values(Buffer.from('héllo'), Buffer.from([0, 1, 0xff]), null),
  int16(0),
);
const execute = msg('E', '\0', int32(0));
const sync = msg('S');
const terminate = msg('X');
const session = [query, parse, bind, execute, sync, terminate];
// Not from Buffer's shared pool, so a copy of a message could not share its ArrayBuffer by chance.
const all = Buffer.alloc(session.reduce((n, m) => n + m.length, 0));
Buffer.concat(session).copy(all);

const expected: Array<Omit<InspectedMessage, 'bytes'>> = [
  { statement: { query: 'select 1 as one' } },
  {},
  { statement: { query: 'select $1::text, $2::bytea, $3::int', parameters: ['héllo', '\\x0001ff', 'NULL'] } },
  {},
  {},
  { last: true },
];
const shape = (messages: InspectedMessage[]) =>
  messages.map(({ bytes, ...rest }) => ({ bytes: Buffer.from(bytes), ...rest }));
const expectedShape = session.map((bytes, i) => ({ bytes, ...expected[i] }));

test('several messages in one chunk come out in order, as views of that chunk', () => {
  const out = new PostgresInspector().push(all);
  expect(shape(out)).toEqual(expectedShape);
  for (const m of out) expect(m.bytes.buffer).toBe(all.buffer);
});

test('a session split in two at every byte boundary is inspected the same', () => {
  for (let cut = 1; cut < all.length; cut++) {
    const inspector = new PostgresInspector();
    const out = [...inspector.push(all.subarray(0, cut)), ...inspector.push(all.subarray(cut))];
    expect(shape(out)).toEqual(expectedShape);
  }
});

test('a session fed one byte at a time is inspected the same', () => {
  const inspector = new PostgresInspector();
  const out: InspectedMessage[] = [];
  for (let i = 0; i < all.length; i++) out.push(...inspector.push(all.subarray(i, i + 1)));
  expect(shape(out)).toEqual(expectedShape);
});

test('Binds run the statement they name: the unnamed one is replaced by each Parse, a closed one is forgotten', () => {
  const inspector = new PostgresInspector();
  const bindUnnamed = msg('B', 'p\0', '\0', int16(0), values(Buffer.from('7')), int16(0));
  const out = inspector.push(
    Buffer.concat([
      msg('P', '\0', 'select $1 as a\0', int16(0)),
      bindUnnamed,
      msg('P', '\0', 'select $1 as b\0', int16(0)),
      bindUnnamed,
      msg('C', 'S', 's1\0'),
    ]),
  );
  expect(out.map((m) => m.statement)).toEqual([
    undefined,
    { query: 'select $1 as a', parameters: ['7'] },
    undefined,
    { query: 'select $1 as b', parameters: ['7'] },
    undefined,
  ]);
  const bindClosed = msg('B', '\0', 'gone\0', int16(0), values(), int16(0));
  expect(inspector.push(bindClosed)[0]!.statement).toEqual({
    query: '(prepared statement "gone", prepared before the gateway saw it)',
    parameters: [],
  });
});

test('one binary format code applies to every value; long binary values are cut', () => {
  const long = Buffer.alloc(100, 0xab);
  const out = new PostgresInspector().push(
    Buffer.concat([parse, msg('B', '\0', 's1\0', int16(1, 1), values(Buffer.from([1, 2]), long), int16(0))]),
  );
  expect(out[1]!.statement!.parameters).toEqual(['\\x0102', `\\x${'ab'.repeat(64)}… (100 bytes)`]);
});

test('a FunctionCall is a statement naming the function', () => {
  const out = new PostgresInspector().push(
    msg('F', int32(764), int16(0), values(Buffer.from('42')), int16(0)),
  );
  expect(out[0]!.statement).toEqual({ query: '(function call, oid 764)', parameters: ['42'] });
});

test('malformed input is a ProtocolError', () => {
  const fails = (bytes: Buffer, message: string) => {
    const inspector = new PostgresInspector();
    expect(() => inspector.push(bytes)).toThrow(new ProtocolError(message));
  };
  fails(
    Buffer.from('GET / HTTP/1.1\r\n'),
    'the client sent a message of type 0x47, which the PostgreSQL protocol does not have',
  );
  fails(
    msg('p', 'secret\0'),
    'the client sent a message of type 0x70, which the PostgreSQL protocol does not have',
  );
  fails(
    Buffer.from([0x51, 0, 0, 0, 3]),
    'the client sent a PostgreSQL message with an impossible length (3)',
  );
  // Refused from its header alone, before any of the gigabyte it announces.
  fails(
    Buffer.from([0x51, 0x40, 0, 0, 1]),
    'the client sent a PostgreSQL message with an impossible length (1073741825)',
  );
  fails(msg('Q', 'select 1'), "the client sent a malformed PostgreSQL 'Q' message");
  fails(
    msg('B', '\0', 's1\0', int16(0), int16(1), int32(10), 'abc', int16(0)),
    "the client sent a malformed PostgreSQL 'B' message",
  );
});
