/**
 * The agent tunnel's frame format. One websocket carries many streams; every binary message is one frame:
 * byte 0 the frame type, bytes 1..4 the stream id (big-endian), the rest the payload. Stream 0 is the
 * connection itself (hello, welcome, heartbeat).
 */
export const FrameType = {
  /** JSON: a connection message (stream 0) or a stream's control message (resize, exit, error). */
  control: 0,
  /** JSON: open a stream; the payload says what to run (see StreamRequest). */
  open: 1,
  /** Raw bytes on a stream; the sender may only send as many as the receiver has granted. */
  data: 2,
  /** uint32: the receiver grants the sender that many more bytes. */
  window: 3,
  /** The sender will send no more data on this stream. */
  end: 4,
  /** The stream is abandoned at once (payload: a UTF-8 reason). */
  reset: 5,
} as const;

export type FrameTypeCode = (typeof FrameType)[keyof typeof FrameType];

export interface Frame {
  type: FrameTypeCode;
  stream: number;
  payload: Buffer;
}

const headerBytes = 5;

/** A frame whose payload is `payload`, or the pieces of it joined (`bytes` long, when the caller knows it). */
export function encodeFrame(type: FrameTypeCode, stream: number, payload: Buffer | readonly Buffer[] = [], bytes?: number): Buffer {
  const pieces = Buffer.isBuffer(payload) ? [payload] : payload;
  const frame = Buffer.allocUnsafe(headerBytes + (bytes ?? pieces.reduce((sum, piece) => sum + piece.length, 0)));
  frame.writeUInt8(type, 0);
  frame.writeUInt32BE(stream, 1);
  let at = headerBytes;
  for (const piece of pieces) at += piece.copy(frame, at);
  return frame;
}

export function decodeFrame(message: Buffer): Frame {
  if (message.length < headerBytes) throw new Error(`tunnel frame too short (${message.length} bytes)`);
  const type = message.readUInt8(0);
  if (type > FrameType.reset) throw new Error(`unknown tunnel frame type ${type}`);
  return { type: type as FrameTypeCode, stream: message.readUInt32BE(1), payload: message.subarray(headerBytes) };
}

export const encodeJson = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));
export const encodeWindow = (bytes: number): Buffer => {
  const b = Buffer.allocUnsafe(4);
  b.writeUInt32BE(bytes, 0);
  return b;
};
