import type { DesktopRecordingMeta } from './recorder';

/**
 * One desktop session's recording is one append-only file, <dataDir>/recordings/desktop/<sid>.rfbrec:
 *
 *   header   8-byte magic "PCRFBREC", u32 format version, u32 length of the meta JSON, the meta JSON (UTF-8)
 *   records  u8 kind, u32 payload length, f64 milliseconds since the session started, the payload
 *            chunk: the RFB bytes the desktop sent then
 *            end:   a u64 naming the record's own position in the file, written once, at close
 *
 * Numbers are big-endian. The file appears under its name only once its header is durable (it is written under a
 * temporary name first), so a recording that exists always has its meta. A crash leaves at most a torn last
 * record, which the reader ignores; a recording without its end record ends at its last whole chunk. The end
 * record is the file's last bytes, so a finished recording's duration is read without scanning it; its own
 * position inside it tells it from chunk bytes that happen to look like one.
 */

export const FORMAT_VERSION = 1;
export const MAGIC = Buffer.from('PCRFBREC', 'latin1');
/** Magic, version and meta length: what is read before the meta JSON. */
export const PREAMBLE_BYTES = MAGIC.length + 8;
/** A meta larger than this is not one this gateway wrote. */
export const MAX_META_BYTES = 64 * 1024;

export const RecordKind = { chunk: 1, end: 2 } as const;
export const RECORD_HEADER_BYTES = 13;
export const END_RECORD_BYTES = RECORD_HEADER_BYTES + 8;

export const FILE_SUFFIX = '.rfbrec';

export interface RecordHeader {
  kind: number;
  length: number;
  offsetMs: number;
}

export function encodeHeader(meta: DesktopRecordingMeta): Buffer {
  const json = Buffer.from(
    JSON.stringify({
      sid: meta.sid,
      desktopName: meta.desktopName,
      user: meta.user,
      startedAt: meta.startedAt,
    }),
    'utf8',
  );
  const header = Buffer.alloc(PREAMBLE_BYTES + json.length);
  MAGIC.copy(header, 0);
  header.writeUInt32BE(FORMAT_VERSION, MAGIC.length);
  header.writeUInt32BE(json.length, MAGIC.length + 4);
  json.copy(header, PREAMBLE_BYTES);
  return header;
}

/** The meta JSON's length from the preamble, or why the file is not a recording this gateway can read. */
export function decodePreamble(preamble: Buffer): number | string {
  if (preamble.length < PREAMBLE_BYTES || !preamble.subarray(0, MAGIC.length).equals(MAGIC))
    return 'not a desktop recording';
  const version = preamble.readUInt32BE(MAGIC.length);
  if (version !== FORMAT_VERSION)
    return `desktop recording format ${version} is not supported (expected ${FORMAT_VERSION})`;
  const length = preamble.readUInt32BE(MAGIC.length + 4);
  return length > MAX_META_BYTES ? `desktop recording meta of ${length} bytes is too large` : length;
}

/** A chunk record: its header followed by a copy of `bytes`, so the caller may reuse its buffer. */
export function encodeChunkRecord(offsetMs: number, bytes: Buffer): Buffer {
  const record = Buffer.allocUnsafe(RECORD_HEADER_BYTES + bytes.length);
  writeRecordHeader(record, { kind: RecordKind.chunk, length: bytes.length, offsetMs });
  bytes.copy(record, RECORD_HEADER_BYTES);
  return record;
}

/** The end record, to be appended at file position `position`. */
export function encodeEndRecord(offsetMs: number, position: number): Buffer {
  const record = Buffer.alloc(END_RECORD_BYTES);
  writeRecordHeader(record, { kind: RecordKind.end, length: 8, offsetMs });
  record.writeBigUInt64BE(BigInt(position), RECORD_HEADER_BYTES);
  return record;
}

/** The end time of a recording whose last END_RECORD_BYTES, read at `position`, are its end record; otherwise undefined. */
export function decodeEndRecord(tail: Buffer, position: number): number | undefined {
  const header = decodeRecordHeader(tail);
  if (header.kind !== RecordKind.end || header.length !== 8) return undefined;
  return tail.readBigUInt64BE(RECORD_HEADER_BYTES) === BigInt(position) ? header.offsetMs : undefined;
}

export function decodeRecordHeader(source: Buffer): RecordHeader {
  return { kind: source.readUInt8(0), length: source.readUInt32BE(1), offsetMs: source.readDoubleBE(5) };
}

function writeRecordHeader(target: Buffer, header: RecordHeader): void {
  target.writeUInt8(header.kind, 0);
  target.writeUInt32BE(header.length, 1);
  target.writeDoubleBE(header.offsetMs, 5);
}
