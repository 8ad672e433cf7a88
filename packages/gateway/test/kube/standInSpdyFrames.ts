/** SPDY/3 control frame types the stand-in reads or writes. */
export const ControlType = {
  SynStream: 1,
  SynReply: 2,
  RstStream: 3,
  Settings: 4,
  Ping: 6,
  GoAway: 7,
  Headers: 8,
  WindowUpdate: 9,
} as const;

/** FIN on a data frame, SYN_STREAM or SYN_REPLY: the sender sends nothing more on that stream. */
export const FlagFin = 0x01;

/** RST_STREAM's status when a stream is given up: CANCEL. */
export const RstCancel = 5;

export type Frame = { control: true; type: number; flags: number; payload: Buffer } | { control: false; streamId: number; flags: number; data: Buffer };

const spdyVersion = 3;
const headerLength = 8;

/** Splits a connection's bytes into frames, keeping a partial frame until the rest of it arrives. */
export class FrameReader {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Frame[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const frames: Frame[] = [];
    while (this.pending.length >= headerLength) {
      const length = this.pending.readUIntBE(5, 3);
      if (this.pending.length < headerLength + length) break;
      const body = this.pending.subarray(headerLength, headerLength + length);
      const flags = this.pending[4]!;
      const first = this.pending.readUInt32BE(0);
      frames.push(first & 0x8000_0000 ? { control: true, type: first & 0xffff, flags, payload: body } : { control: false, streamId: first, flags, data: body });
      this.pending = this.pending.subarray(headerLength + length);
    }
    return frames;
  }
}

/** A frame's common head: the control bit with version and type, or the stream id; then flags and a 24-bit length. */
function frame(first: number, flags: number, body: Buffer): Buffer {
  const head = Buffer.alloc(headerLength);
  head.writeUInt32BE(first >>> 0);
  head[4] = flags;
  head.writeUIntBE(body.length, 5, 3);
  return Buffer.concat([head, body]);
}

export const controlFrame = (type: number, flags: number, payload: Buffer) => frame(0x8000_0000 | (spdyVersion << 16) | type, flags, payload);

export const dataFrame = (streamId: number, flags: number, data: Buffer) => frame(streamId & 0x7fff_ffff, flags, data);

/** Fields of 32 bits each; stream ids in them are 31 bits, the top one reserved. */
export function words(...values: number[]): Buffer {
  const out = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => out.writeUInt32BE(v >>> 0, i * 4));
  return out;
}

export const streamIdAt = (payload: Buffer, offset: number) => payload.readUInt32BE(offset) & 0x7fff_ffff;
