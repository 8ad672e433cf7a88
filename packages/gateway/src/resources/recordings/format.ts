/**
 * The on-disk recording of one session: a directory holding four append-only files.
 *
 *   meta.json      who, where and when the session started (written once, atomically, before any output)
 *   output.bin     every byte the terminal printed, in order, with nothing in between
 *   keyframes.bin  serialized screens (JSON blobs) the player can restore instead of replaying from the start
 *   index.bin      fixed-size records, ordered by time: output chunks, resizes, keyframes and the end
 *
 * Keyframes are taken by a low-priority thread reading output.bin back (see screenMirrors.ts), so a keyframe
 * record may follow records of later output; its offset says which output it reflects.
 *
 * Each flush appends to output.bin and keyframes.bin and syncs them BEFORE appending the index records that
 * point into them, so after a crash the index never names bytes that are not on disk. A torn final index
 * record (a file length that is not a multiple of RECORD_SIZE) is ignored by the reader.
 */

export const FORMAT_VERSION = 1;

export const files = {
  meta: 'meta.json',
  output: 'output.bin',
  keyframes: 'keyframes.bin',
  index: 'index.bin',
} as const;

export const RECORD_SIZE = 32;

export const RecordKind = { output: 1, resize: 2, keyframe: 3, end: 4 } as const;
export type RecordKindName = keyof typeof RecordKind;

/**
 * One index record. `t` is milliseconds since the session started; `offset` is the position in output.bin the
 * record applies at. Output: a = byte length. Resize: a = cols, b = rows. Keyframe: a, b = offset and
 * length of its blob in keyframes.bin.
 */
export interface IndexRecord {
  kind: number;
  t: number;
  offset: number;
  a: number;
  b: number;
}

export function encodeRecord(r: IndexRecord, target: Buffer, at: number): void {
  target.writeUInt32LE(r.kind, at);
  target.writeUInt32LE(r.t, at + 4);
  target.writeDoubleLE(r.offset, at + 8);
  target.writeDoubleLE(r.a, at + 16);
  target.writeDoubleLE(r.b, at + 24);
}

export function decodeRecord(source: Buffer, at: number): IndexRecord {
  return {
    kind: source.readUInt32LE(at),
    t: source.readUInt32LE(at + 4),
    offset: source.readDoubleLE(at + 8),
    a: source.readDoubleLE(at + 16),
    b: source.readDoubleLE(at + 24),
  };
}

/** What is known when the session starts; the recordings list and the player read it back. */
export interface RecordingMeta {
  version: number;
  sid: string;
  /** RFC 3339. */
  startTime: string;
  cols: number;
  rows: number;
  login: string;
  serverId: string;
  serverHostname: string;
  clusterName: string;
  user: string;
  interactive: boolean;
}

/** A keyframe blob: the screen as the serialize addon writes it, and the size it was taken at. */
export interface KeyframeBlob {
  cols: number;
  rows: number;
  screen: string;
}
