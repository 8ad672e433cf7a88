import { ProtocolError, type ClientInspector, type InspectedMessage } from '../protocol';
import { readCString } from './messages';

/** The types a frontend may send once signed in (protocol 3.0), as a table indexed by type byte. */
const frontendTypes = new Uint8Array(256);
for (const type of 'BCDEFHPQSXcdf') frontendTypes[type.charCodeAt(0)] = 1;
/** PostgreSQL refuses messages past 1 GiB (its MaxAllocSize): a longer length is garbage, not a message to wait for. */
const maxLength = 0x40000000;
/** Binary parameters are shown as PostgreSQL shows bytea (`\x` and hex), cut after this many bytes. */
const binaryShown = 64;

/**
 * Splits a PostgreSQL client's messages and reads the statements out of them.
 *
 * The audit gets one statement per query run: a simple Query gives its text; in the extended protocol, Parse only
 * prepares (no statement), and each Bind gives the prepared text with its parameters, since a Bind is what starts
 * one run of a prepared statement with one set of values (the Execute after it may come in several parts, when
 * the client fetches rows in batches, but runs one query). A FunctionCall is shown as the function's OID with
 * its arguments.
 *
 * Complete messages are handed on as views (`subarray`) of the chunk they came in; only a message split across
 * chunks is copied, once, when its last byte arrives.
 */
export class PostgresInspector implements ClientInspector {
  /** The start of a message the chunks so far have not completed. */
  private parts: Buffer[] = [];
  private held = 0;
  /** How many bytes `parts` must hold before it is worth reading: the header's 5, then the whole message. */
  private needed = 0;
  /** Prepared statements' text by name ('' is the unnamed one), for the Binds that run them. */
  private readonly prepared = new Map<string, string>();

  push(chunk: Buffer): InspectedMessage[] {
    const out: InspectedMessage[] = [];
    let buf = chunk;
    if (this.held) {
      this.parts.push(chunk);
      this.held += chunk.length;
      if (this.held < this.needed) return out;
      buf = Buffer.concat(this.parts, this.held);
      this.parts = [];
      this.held = 0;
    }
    let offset = 0;
    while (buf.length - offset >= 5) {
      const type = buf[offset]!;
      const length = buf.readInt32BE(offset + 1);
      if (!frontendTypes[type])
        throw new ProtocolError(
          `the client sent a message of type 0x${type.toString(16)}, which the PostgreSQL protocol does not have`,
        );
      if (length < 4 || length > maxLength)
        throw new ProtocolError(`the client sent a PostgreSQL message with an impossible length (${length})`);
      const end = offset + 1 + length;
      if (end > buf.length) break;
      out.push(this.inspect(type, buf.subarray(offset, end)));
      offset = end;
    }
    if (offset < buf.length) {
      const start = buf.subarray(offset);
      this.parts = [start];
      this.held = start.length;
      this.needed = start.length >= 5 ? 1 + start.readInt32BE(1) : 5;
    }
    return out;
  }

  private inspect(type: number, bytes: Buffer): InspectedMessage {
    try {
      switch (type) {
        case 0x51 /* Q: Query */:
          return { bytes, statement: { query: cstring(bytes, 5)[0] } };
        case 0x50 /* P: Parse */: {
          const [name, next] = cstring(bytes, 5);
          this.prepared.set(name, cstring(bytes, next)[0]);
          return { bytes };
        }
        case 0x42 /* B: Bind */: {
          const [, next] = cstring(bytes, 5);
          const [name, args] = cstring(bytes, next);
          const query =
            this.prepared.get(name) ?? `(prepared statement "${name}", prepared before the gateway saw it)`;
          return { bytes, statement: { query, parameters: readArguments(bytes, args) } };
        }
        case 0x43 /* C: Close */:
          if (bytes[5] === 0x53 /* S: a prepared statement */) this.prepared.delete(cstring(bytes, 6)[0]);
          return { bytes };
        case 0x46 /* F: FunctionCall */:
          return {
            bytes,
            statement: {
              query: `(function call, oid ${bytes.readInt32BE(5)})`,
              parameters: readArguments(bytes, 9),
            },
          };
        case 0x58 /* X: Terminate */:
          return { bytes, last: true };
        default:
          return { bytes };
      }
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      throw new ProtocolError(
        `the client sent a malformed PostgreSQL '${String.fromCharCode(type)}' message`,
      );
    }
  }
}

function cstring(bytes: Buffer, offset: number): [string, number] {
  const found = readCString(bytes, offset);
  if (!found) throw new RangeError('unterminated string');
  return found;
}

/**
 * Bind's and FunctionCall's values: format codes (none: all text; one: for all; else one each), then each value's
 * length (-1 for NULL) and bytes. Text values are shown as sent; binary ones as `\x` and hex, cut at
 * `binaryShown` bytes with the full length said; NULL as NULL.
 */
function readArguments(bytes: Buffer, offset: number): string[] {
  const formats = bytes.readInt16BE(offset);
  const count = bytes.readInt16BE(offset + 2 + 2 * formats);
  if (formats > 1 && formats !== count) throw new RangeError('format codes do not match the values');
  const values: string[] = [];
  let at = offset + 4 + 2 * formats;
  for (let i = 0; i < count; i++) {
    const length = bytes.readInt32BE(at);
    at += 4;
    if (length < 0) {
      values.push('NULL');
      continue;
    }
    if (at + length > bytes.length) throw new RangeError('value past the message');
    const binary = formats > 0 && bytes.readInt16BE(offset + 2 + 2 * (formats === 1 ? 0 : i)) === 1;
    if (!binary) values.push(bytes.toString('utf8', at, at + length));
    else if (length <= binaryShown) values.push(`\\x${bytes.toString('hex', at, at + length)}`);
    else values.push(`\\x${bytes.toString('hex', at, at + binaryShown)}… (${length} bytes)`);
    at += length;
  }
  return values;
}
