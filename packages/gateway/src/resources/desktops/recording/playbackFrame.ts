import { DESKTOP_CHUNK_HEADER_BYTES } from '@portcullis/shared';
import type { RecordedChunk } from './reader';

/** A chunk as the playback socket sends it: its time as a big-endian float64 of milliseconds, then its RFB bytes. */
export function encodePlaybackChunk(chunk: RecordedChunk): Buffer {
  const frame = Buffer.allocUnsafe(DESKTOP_CHUNK_HEADER_BYTES + chunk.bytes.length);
  frame.writeDoubleBE(chunk.offsetMs, 0);
  chunk.bytes.copy(frame, DESKTOP_CHUNK_HEADER_BYTES);
  return frame;
}
