import { ProtocolError } from '../protocol';

/** The largest payload one packet carries; a packet this long is continued by the next one (possibly empty). */
export const maxPacketPayload = 0xffffff;

/** Frames `payload` as packets numbered from `seq`, split where the protocol requires. */
export function frame(seq: number, payload: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let offset = 0; ; seq++) {
    const length = Math.min(maxPacketPayload, payload.length - offset);
    const header = Buffer.allocUnsafe(4);
    header.writeUIntLE(length, 0, 3);
    header[3] = seq & 0xff;
    parts.push(header, payload.subarray(offset, offset + length));
    offset += length;
    if (length < maxPacketPayload) return Buffer.concat(parts);
  }
}

/** Reads a payload's fields in order; a field running past the end is a ProtocolError naming `what`. */
export class Cursor {
  offset = 0;

  constructor(
    readonly payload: Buffer,
    private readonly what: string,
  ) {}

  get remaining(): number {
    return this.payload.length - this.offset;
  }

  private need(n: number): number {
    if (this.offset + n > this.payload.length) throw new ProtocolError(`malformed ${this.what}`);
    const at = this.offset;
    this.offset += n;
    return at;
  }

  u8(): number {
    return this.payload[this.need(1)]!;
  }

  u16(): number {
    return this.payload.readUInt16LE(this.need(2));
  }

  u32(): number {
    return this.payload.readUInt32LE(this.need(4));
  }

  bytes(n: number): Buffer {
    const at = this.need(n);
    return this.payload.subarray(at, at + n);
  }

  /** A length-encoded integer (1, 3, 4 or 9 bytes). */
  lenencInt(): number {
    const first = this.u8();
    if (first < 0xfb) return first;
    if (first === 0xfc) return this.u16();
    if (first === 0xfd) return this.payload.readUIntLE(this.need(3), 3);
    if (first === 0xfe) return Number(this.payload.readBigUInt64LE(this.need(8)));
    throw new ProtocolError(`malformed ${this.what}`);
  }

  lenencBytes(): Buffer {
    return this.bytes(this.lenencInt());
  }

  /** Bytes up to a NUL, which is consumed. */
  cstring(): Buffer {
    const end = this.payload.indexOf(0, this.offset);
    if (end < 0) throw new ProtocolError(`malformed ${this.what}`);
    const value = this.payload.subarray(this.offset, end);
    this.offset = end + 1;
    return value;
  }

  rest(): Buffer {
    return this.bytes(this.remaining);
  }
}

/** Builds a payload field by field. */
export class PayloadWriter {
  private readonly parts: Buffer[] = [];

  u8(value: number): this {
    return this.bytes(Buffer.of(value));
  }

  u16(value: number): this {
    const b = Buffer.allocUnsafe(2);
    b.writeUInt16LE(value);
    return this.bytes(b);
  }

  u32(value: number): this {
    const b = Buffer.allocUnsafe(4);
    b.writeUInt32LE(value >>> 0);
    return this.bytes(b);
  }

  zeros(n: number): this {
    return this.bytes(Buffer.alloc(n));
  }

  bytes(value: Buffer): this {
    this.parts.push(value);
    return this;
  }

  lenencInt(value: number): this {
    if (value < 0xfb) return this.u8(value);
    if (value <= 0xffff) return this.u8(0xfc).u16(value);
    if (value <= 0xffffff) {
      const b = Buffer.allocUnsafe(3);
      b.writeUIntLE(value, 0, 3);
      return this.u8(0xfd).bytes(b);
    }
    const b = Buffer.allocUnsafe(8);
    b.writeBigUInt64LE(BigInt(value));
    return this.u8(0xfe).bytes(b);
  }

  lenencBytes(value: Buffer): this {
    return this.lenencInt(value.length).bytes(value);
  }

  cstring(value: Buffer | string): this {
    return this.bytes(Buffer.from(value)).u8(0);
  }

  build(): Buffer {
    return Buffer.concat(this.parts);
  }
}

/** SERVER_STATUS_AUTOCOMMIT, the state a fresh session starts in. */
const statusAutocommit = 0x0002;

export function okPacket(seq: number): Buffer {
  return frame(
    seq,
    new PayloadWriter().u8(0x00).lenencInt(0).lenencInt(0).u16(statusAutocommit).u16(0).build(),
  );
}

/** An ERR packet in the 4.1 layout (with SQL state), which every client since 4.1 reads. */
export function errPacket(seq: number, code: number, sqlState: string, message: string): Buffer {
  return frame(
    seq,
    new PayloadWriter()
      .u8(0xff)
      .u16(code)
      .bytes(Buffer.from(`#${sqlState}`, 'latin1'))
      .bytes(Buffer.from(message))
      .build(),
  );
}
