import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import type { HeaderList } from './headers';
import type { Random } from './random';
import { answerTimeoutMs, mergeHeaders, parseResponse, type RawResponse } from './send';

/** What became of one hostile websocket: refused with an HTTP answer, or opened and then fed garbage. */
export type SocketOutcome = { refused: RawResponse } | { closeCode?: number; ms: number };

interface FrameOptions {
  fin?: boolean;
  rsv?: number;
  masked?: boolean;
  /** The payload length the header claims, when it should lie. */
  claimedLength?: number;
}

/** One client frame, built by hand so that it can break the rules a websocket client would keep. */
export function frame(opcode: number, payload: Buffer, opts: FrameOptions = {}): Buffer {
  const { fin = true, rsv = 0, masked = true } = opts;
  const length = opts.claimedLength ?? payload.length;
  const head = [(fin ? 0x80 : 0) | (rsv << 4) | opcode];
  const maskBit = masked ? 0x80 : 0;
  let extended = Buffer.alloc(0);
  if (length < 126) head.push(maskBit | length);
  else if (length < 65_536) {
    head.push(maskBit | 126);
    extended = Buffer.alloc(2);
    extended.writeUInt16BE(length);
  } else {
    head.push(maskBit | 127);
    extended = Buffer.alloc(8);
    extended.writeBigUInt64BE(BigInt(length));
  }
  if (!masked) return Buffer.concat([Buffer.from(head), extended, payload]);
  const mask = randomBytes(4);
  const body = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!));
  return Buffer.concat([Buffer.from(head), extended, mask, body]);
}

const text = (s: string) => frame(0x1, Buffer.from(s));
const ping = () => frame(0x9, Buffer.from('fuzz'));

/** What to write once a socket is open: each a way a peer can misbehave. */
export function garbageFrames(random: Random): { label: string; data: Buffer }[] {
  return [
    { label: 'text that is not JSON', data: text('{"type":') },
    { label: 'JSON of the wrong shape', data: text(JSON.stringify({ type: 'resize', payload: { w: -1, h: 1e308 } })) },
    { label: 'JSON array', data: text('[null,[],{}]') },
    { label: 'deeply nested JSON', data: text('['.repeat(10_000) + ']'.repeat(10_000)) },
    { label: 'text frame that is not UTF-8', data: frame(0x1, Buffer.from([0xff, 0xfe, 0xc0, 0xaf])) },
    { label: 'random binary', data: frame(0x2, random.bytes(1 + random.int(4096))) },
    { label: 'binary too short for any header', data: frame(0x2, Buffer.from([0x01])) },
    { label: 'reserved opcode', data: frame(0x3, Buffer.from('x')) },
    { label: 'reserved bits set', data: frame(0x1, Buffer.from('{}'), { rsv: 0x7 }) },
    { label: 'unmasked client frame', data: frame(0x1, Buffer.from('{}'), { masked: false }) },
    { label: 'continuation without a start', data: frame(0x0, Buffer.from('x')) },
    { label: 'fragmented control frame', data: frame(0x9, Buffer.from('x'), { fin: false }) },
    { label: 'ping over 125 bytes', data: frame(0x9, Buffer.alloc(200, 1)) },
    { label: 'close with an invalid code', data: frame(0x8, Buffer.from([0x00, 0x05])) },
    { label: 'frame claiming 1 TiB', data: frame(0x2, Buffer.alloc(16), { claimedLength: 2 ** 40 }) },
    { label: 'not a frame at all', data: Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n') },
    { label: '2000 small frames', data: Buffer.concat(Array.from({ length: 2000 }, () => text('{}'))) },
  ];
}

/** Reads server frames off `data`, answering the codes of close frames and whether a pong came. */
function readFrames(data: Buffer): { pong: boolean; closeCode?: number; closed: boolean } {
  let at = 0;
  let pong = false;
  let closeCode: number | undefined;
  let closed = false;
  while (at + 2 <= data.length) {
    const opcode = data[at]! & 0x0f;
    let length = data[at + 1]! & 0x7f;
    let start = at + 2;
    if (length === 126) {
      if (start + 2 > data.length) break;
      length = data.readUInt16BE(start);
      start += 2;
    } else if (length === 127) {
      if (start + 8 > data.length) break;
      length = Number(data.readBigUInt64BE(start));
      start += 8;
    }
    if (start + length > data.length) break;
    if (opcode === 0xa) pong = true;
    if (opcode === 0x8) {
      closed = true;
      if (length >= 2) closeCode = data.readUInt16BE(start);
    }
    at = start + length;
  }
  return { pong, closed, ...(closeCode !== undefined && { closeCode }) };
}

/**
 * Opens a websocket at `path` by hand. Refused: answers the HTTP answer. Opened: writes `garbage` and then a
 * ping, and answers once the server has either sent the pong (it read past the garbage and lives) or closed.
 */
export function hostileSocket(port: number, path: string, headers: HeaderList, garbage?: Buffer): Promise<SocketOutcome> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let opened = false;
    let frames = Buffer.alloc(0);
    const timer = setTimeout(() => done(new Error(`no answer, pong or close within ${answerTimeoutMs / 1000} s`)), answerTimeoutMs);
    const done = (err?: Error, outcome?: SocketOutcome) => {
      clearTimeout(timer);
      socket.destroy();
      if (outcome) resolve(outcome);
      else reject(err);
    };
    const settleRefusal = (ended: boolean) => {
      const res = parseResponse(received);
      if (!res) return ended && done(new Error('connection closed without an answer to the upgrade'));
      if (res.status === 101) return;
      const complete = ended || (res.headers['content-length'] !== undefined && res.body.length >= Number(res.headers['content-length']));
      if (complete) done(undefined, { refused: { ...res, ms: performance.now() - start } });
    };
    socket.on('data', (chunk: Buffer) => {
      if (!opened) {
        received = Buffer.concat([received, chunk]);
        const headEnd = received.indexOf('\r\n\r\n');
        if (headEnd < 0 || !received.subarray(0, headEnd).toString('latin1').startsWith('HTTP/1.1 101')) return settleRefusal(false);
        opened = true;
        frames = received.subarray(headEnd + 4);
        socket.write(Buffer.concat([garbage ?? Buffer.alloc(0), ping()]));
      } else frames = Buffer.concat([frames, chunk]);
      const seen = readFrames(frames);
      if (seen.pong || seen.closed) done(undefined, { ...(seen.closeCode !== undefined && { closeCode: seen.closeCode }), ms: performance.now() - start });
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (!opened) return settleRefusal(true);
      const seen = readFrames(frames);
      done(undefined, { ...(seen.closeCode !== undefined && { closeCode: seen.closeCode }), ms: performance.now() - start });
    });
    const upgrade: HeaderList = [
      ['host', `127.0.0.1:${port}`],
      ['connection', 'Upgrade'],
      ['upgrade', 'websocket'],
      ['sec-websocket-version', '13'],
      ['sec-websocket-key', randomBytes(16).toString('base64')],
    ];
    const head = `GET ${path} HTTP/1.1\r\n${mergeHeaders(upgrade, headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')}\r\n`;
    socket.write(Buffer.from(head, 'latin1'));
  });
}
