import { ProtocolError, type Statement } from '../protocol';

/** Binary values (BLOB parameters) are shown as hex, cut after this many bytes. */
const binaryShown = 64;
/** The most parameters tried when an execute's parameter count must be worked out from its layout (see below). */
const maxInferred = 512;

const fixedWidth: Record<number, number> = {
  0x01: 1,
  0x02: 2,
  0x0d: 2,
  0x03: 4,
  0x09: 4,
  0x04: 4,
  0x05: 8,
  0x08: 8,
  0x06: 0,
};
const temporal = new Set([0x07, 0x0a, 0x0b, 0x0c]);
const dateLengths = [0, 4, 7, 11];
const timeLengths = [0, 8, 12];
const blobs = new Set([0xf9, 0xfa, 0xfb, 0xfc]);
/** Types sent with a length-encoded value: decimals, strings, blobs, JSON, bit, enum, set, geometry. */
const lengthEncoded = new Set([
  0x00, 0x0f, 0x10, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff,
]);

/**
 * Reads a COM_STMT_EXECUTE. The statement's text and parameter count are in the server's answer to the prepare,
 * which the inspector does not see, so the execute is audited as "EXECUTE statement <id>", the id the server
 * assigned (the prepare's own text was audited when it was sent). Its parameters are decoded when the packet
 * tells their types: the count is then the one layout that parses exactly to the packet's end, and it is kept
 * (with the types) by statement id for later executes that do not repeat the types. When no single layout fits,
 * or when a parameter was sent apart (COM_STMT_SEND_LONG_DATA), the parameters are left out rather than guessed.
 */
export function decodeExecute(
  payload: Buffer,
  typesById: Map<number, number[]>,
  longData: Set<number>,
): Statement {
  if (payload.length < 10) throw new ProtocolError('the client sent a malformed COM_STMT_EXECUTE');
  const id = payload.readUInt32LE(1);
  const statement: Statement = { query: `EXECUTE statement ${id}` };
  // A parameter sent as long data is missing from the execute: the layout cannot be read.
  if (longData.delete(id)) return statement;
  const known = typesById.get(id);
  const layout = known ? readLayout(payload, known.length, known) : inferLayout(payload);
  if (!layout) return statement;
  typesById.set(id, layout.types);
  return { ...statement, parameters: layout.values };
}

interface Layout {
  types: number[];
  values: string[];
}

function inferLayout(payload: Buffer): Layout | undefined {
  if (payload.length === 10) return { types: [], values: [] };
  let found: Layout | undefined;
  for (let n = 1; n <= maxInferred && 11 + Math.ceil(n / 8) + 2 * n <= payload.length; n++) {
    const layout = readLayout(payload, n, undefined);
    if (!layout) continue;
    if (found) return undefined;
    found = layout;
  }
  return found;
}

/** The parameters as laid out for `n` of them, or undefined when the packet is not so laid out. */
function readLayout(payload: Buffer, n: number, knownTypes: number[] | undefined): Layout | undefined {
  let at = 10;
  if (n === 0) return at === payload.length ? { types: [], values: [] } : undefined;
  const bitmap = at;
  at += Math.ceil(n / 8);
  // The NULL bitmap's bits past the last parameter are zero.
  if (at > payload.length || payload[at - 1]! >> (((n - 1) & 7) + 1)) return undefined;
  const bound = payload[at++];
  let types = knownTypes;
  if (bound === 1) {
    types = [];
    for (let i = 0; i < n; i++, at += 2) {
      const type = payload[at];
      const flags = payload[at + 1];
      if (type === undefined || !isType(type) || (flags !== 0 && flags !== 0x80)) return undefined;
      types.push(type | (flags << 8));
    }
  } else if (bound !== 0 || !types) return undefined;
  const values: string[] = [];
  for (let i = 0; i < n; i++) {
    if (payload[bitmap + (i >> 3)]! & (1 << (i & 7))) {
      values.push('NULL');
      continue;
    }
    const value = readValue(payload, at, types[i]!);
    if (!value) return undefined;
    values.push(value[0]);
    at = value[1];
  }
  return at === payload.length ? { types, values } : undefined;
}

function isType(type: number): boolean {
  return type in fixedWidth || temporal.has(type) || lengthEncoded.has(type);
}

/** One binary-protocol value as text, and where the next begins; undefined when it runs past the packet. */
function readValue(payload: Buffer, at: number, typeAndFlags: number): [string, number] | undefined {
  const type = typeAndFlags & 0xff;
  const unsigned = (typeAndFlags & 0x8000) !== 0;
  const width = fixedWidth[type];
  if (width !== undefined) {
    if (at + width > payload.length) return undefined;
    return [fixedValue(payload, at, type, unsigned), at + width];
  }
  if (temporal.has(type)) {
    const length = payload[at];
    if (
      length === undefined ||
      at + 1 + length > payload.length ||
      !(type === 0x0b ? timeLengths : dateLengths).includes(length)
    )
      return undefined;
    return [
      type === 0x0b
        ? timeValue(payload.subarray(at + 1, at + 1 + length))
        : dateValue(payload.subarray(at + 1, at + 1 + length)),
      at + 1 + length,
    ];
  }
  const header = lenencLength(payload, at);
  if (!header) return undefined;
  const [length, start] = header;
  if (start + length > payload.length) return undefined;
  if (!blobs.has(type) && type !== 0xff)
    return [payload.toString('utf8', start, start + length), start + length];
  const shown = payload.toString('hex', start, start + Math.min(length, binaryShown));
  return [length <= binaryShown ? `\\x${shown}` : `\\x${shown}… (${length} bytes)`, start + length];
}

function fixedValue(payload: Buffer, at: number, type: number, unsigned: boolean): string {
  switch (type) {
    case 0x06:
      return 'NULL';
    case 0x01:
      return String(unsigned ? payload.readUInt8(at) : payload.readInt8(at));
    case 0x02:
    case 0x0d:
      return String(unsigned ? payload.readUInt16LE(at) : payload.readInt16LE(at));
    case 0x03:
    case 0x09:
      return String(unsigned ? payload.readUInt32LE(at) : payload.readInt32LE(at));
    case 0x04:
      return String(payload.readFloatLE(at));
    case 0x05:
      return String(payload.readDoubleLE(at));
    default:
      return String(unsigned ? payload.readBigUInt64LE(at) : payload.readBigInt64LE(at));
  }
}

function lenencLength(payload: Buffer, at: number): [number, number] | undefined {
  const first = payload[at];
  if (first === undefined || first === 0xfb || first === 0xff) return undefined;
  const width = first < 0xfb ? 0 : first === 0xfc ? 2 : first === 0xfd ? 3 : 8;
  if (at + 1 + width > payload.length) return undefined;
  if (width === 0) return [first, at + 1];
  const length = width === 8 ? Number(payload.readBigUInt64LE(at + 1)) : payload.readUIntLE(at + 1, width);
  return [length, at + 1 + width];
}

const two = (n: number) => String(n).padStart(2, '0');

/** DATE, DATETIME, TIMESTAMP: 0, 4, 7 or 11 bytes. */
function dateValue(v: Buffer): string {
  if (v.length === 0) return '0000-00-00 00:00:00';
  const date = `${String(v.readUInt16LE(0)).padStart(4, '0')}-${two(v[2]!)}-${two(v[3]!)}`;
  if (v.length < 7) return date;
  const time = `${date} ${two(v[4]!)}:${two(v[5]!)}:${two(v[6]!)}`;
  return v.length < 11 ? time : `${time}.${String(v.readUInt32LE(7)).padStart(6, '0')}`;
}

/** TIME: 0, 8 or 12 bytes (sign, days, hours, minutes, seconds, microseconds). */
function timeValue(v: Buffer): string {
  if (v.length < 8) return '00:00:00';
  const hours = v.readUInt32LE(1) * 24 + v[5]!;
  const time = `${v[0] ? '-' : ''}${two(hours)}:${two(v[6]!)}:${two(v[7]!)}`;
  return v.length < 12 ? time : `${time}.${String(v.readUInt32LE(8)).padStart(6, '0')}`;
}
