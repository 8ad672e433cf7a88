import { compilePath, queryString, websocketPaths, type DesktopControlMessage } from '@portcullis/shared';
import net from 'node:net';
import WebSocket from 'ws';
import type { Client, TestGateway } from '../harness';

/** A framebuffer update's rectangle: Raw rectangles carry their pixels (32 bpp, 0x00RRGGBB little-endian). */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
  encoding: number;
  pixels?: Buffer;
  /** ExtendedDesktopSize: x is the reason, y the status of a SetDesktopSize. */
}

export const encodings = { raw: 0, desktopSize: -223, extendedDesktopSize: -308 };

/** What the client speaks over: the gateway's connect socket, or a desktop's own TCP port. */
interface Transport {
  send(bytes: Buffer): void;
  close(): void;
}

/**
 * A small RFB client speaking through the desktop connect socket, as noVNC does (binary frames are RFB, text
 * frames the gateway's messages), or straight to a desktop's port.
 * Enough of the protocol for the tests: the opening, pixel format and encodings, update requests, keys, pointer, clipboard and SetDesktopSize, and reading updates in Raw.
 */
export class RfbTestClient {
  readonly messages: DesktopControlMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private buffered: Buffer = Buffer.alloc(0);
  private wake: (() => void) | undefined;
  private ended = false;
  private onEnd!: (end: { code: number; reason: string }) => void;
  private transport!: Transport;

  private constructor() {
    this.closed = new Promise((resolve) => (this.onEnd = resolve));
  }

  private receive(data: Buffer, isBinary: boolean): void {
    if (isBinary) this.buffered = this.buffered.length ? Buffer.concat([this.buffered, data]) : data;
    else this.messages.push(JSON.parse(data.toString()) as DesktopControlMessage);
    this.wake?.();
  }

  private end(code: number, reason: string): void {
    this.ended = true;
    this.wake?.();
    this.onEnd({ code, reason });
  }

  /** Opens the connect socket of `desktop` as `client`; `sid` joins that session as an observer. */
  static async open(
    gw: TestGateway,
    client: Client,
    desktop: string,
    q: { username: string; sid?: string; width?: number; height?: number },
  ): Promise<RfbTestClient> {
    const url =
      gw.url.replace(/^http/, 'ws') +
      compilePath(websocketPaths.desktop, { clusterId: 'localhost', desktopName: desktop }) +
      queryString({ access_token: client.session!.token, username: q.username, width: q.width ?? 800, height: q.height ?? 600, sid: q.sid });
    const socket = new WebSocket(url, { headers: { cookie: client.cookieHeader() } });
    // Listening starts before 'open': the gateway's first bytes may arrive with the upgrade's answer.
    const rfb = new RfbTestClient();
    rfb.transport = { send: (bytes) => socket.send(bytes, { binary: true }), close: () => socket.close() };
    socket.on('message', (data: Buffer, isBinary: boolean) => rfb.receive(data, isBinary));
    socket.once('close', (code, reason) => rfb.end(code, reason.toString()));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return rfb;
  }

  /** Connects straight to a desktop's RFB port, as a VNC viewer on the same host would (the benchmark's baseline). */
  static async direct(port: number): Promise<RfbTestClient> {
    const socket = net.connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    const rfb = new RfbTestClient();
    rfb.transport = { send: (bytes) => socket.write(bytes), close: () => socket.end() };
    socket.on('data', (data) => rfb.receive(data, true));
    socket.once('close', () => rfb.end(1000, ''));
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    return rfb;
  }

  /** The next `n` RFB bytes; rejects when the socket closes first. */
  async take(n: number): Promise<Buffer> {
    while (this.buffered.length < n) {
      if (this.ended) throw new Error(`the socket closed while ${n} bytes were awaited (messages: ${JSON.stringify(this.messages)})`);
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
    const out = this.buffered.subarray(0, n);
    this.buffered = this.buffered.subarray(n);
    return out;
  }

  send(bytes: Buffer): void {
    this.transport.send(bytes);
  }

  /** The client's side of the opening as noVNC does it; resolves with ServerInit's size and name. */
  async handshake(shared = true): Promise<{ width: number; height: number; name: string }> {
    const version = (await this.take(12)).toString('latin1');
    if (version !== 'RFB 003.008\n') throw new Error(`unexpected version ${JSON.stringify(version)}`);
    this.send(Buffer.from('RFB 003.008\n', 'latin1'));
    const count = (await this.take(1))[0]!;
    const types = [...(await this.take(count))];
    if (!types.includes(1)) throw new Error(`no None security offered: ${types.join(',')}`);
    this.send(Buffer.of(1));
    const result = (await this.take(4)).readUInt32BE(0);
    if (result !== 0) throw new Error(`security result ${result}`);
    this.send(Buffer.of(shared ? 1 : 0));
    const init = await this.take(24);
    const name = (await this.take(init.readUInt32BE(20))).toString('utf8');
    return { width: init.readUInt16BE(0), height: init.readUInt16BE(2), name };
  }

  /** 32 bits per pixel, depth 24, little-endian true colour: a pixel is B, G, R, 0. */
  setPixelFormat32(): void {
    const m = Buffer.alloc(20);
    m[0] = 0;
    m.set([32, 24, 0, 1], 4);
    m.writeUInt16BE(255, 8);
    m.writeUInt16BE(255, 10);
    m.writeUInt16BE(255, 12);
    m.set([16, 8, 0], 14);
    this.send(m);
  }

  setEncodings(list: number[]): void {
    const m = Buffer.alloc(4 + 4 * list.length);
    m[0] = 2;
    m.writeUInt16BE(list.length, 2);
    list.forEach((e, i) => m.writeInt32BE(e, 4 + 4 * i));
    this.send(m);
  }

  updateRequest(incremental: boolean, x = 0, y = 0, w = 800, h = 600): void {
    const m = Buffer.alloc(10);
    m[0] = 3;
    m[1] = incremental ? 1 : 0;
    m.writeUInt16BE(x, 2);
    m.writeUInt16BE(y, 4);
    m.writeUInt16BE(w, 6);
    m.writeUInt16BE(h, 8);
    this.send(m);
  }

  key(keysym: number, down: boolean): void {
    const m = Buffer.alloc(8);
    m[0] = 4;
    m[1] = down ? 1 : 0;
    m.writeUInt32BE(keysym, 4);
    this.send(m);
  }

  /** Types `text` (printable ASCII: X keysyms equal their code points) and presses Return. */
  typeLine(text: string): void {
    for (const ch of text) {
      this.key(ch.charCodeAt(0), true);
      this.key(ch.charCodeAt(0), false);
    }
    this.key(0xff0d, true);
    this.key(0xff0d, false);
  }

  pointer(x: number, y: number, buttons = 0): void {
    const m = Buffer.alloc(6);
    m[0] = 5;
    m[1] = buttons;
    m.writeUInt16BE(x, 2);
    m.writeUInt16BE(y, 4);
    this.send(m);
  }

  cutText(text: string): void {
    const body = Buffer.from(text, 'latin1');
    const m = Buffer.alloc(8 + body.length);
    m[0] = 6;
    m.writeInt32BE(body.length, 4);
    body.copy(m, 8);
    this.send(m);
  }

  setDesktopSize(width: number, height: number): void {
    const m = Buffer.alloc(8 + 16);
    m[0] = 251;
    m.writeUInt16BE(width, 2);
    m.writeUInt16BE(height, 4);
    m[6] = 1;
    m.writeUInt16BE(width, 8 + 8);
    m.writeUInt16BE(height, 8 + 10);
    this.send(m);
  }

  /** The next framebuffer update's rectangles, skipping the server's other messages (bell, clipboard, fences). */
  async nextUpdate(): Promise<Rect[]> {
    for (;;) {
      const type = (await this.take(1))[0]!;
      if (type === 0) break;
      if (type === 2 || type === 150) continue;
      if (type === 3) await this.take(Math.abs((await this.take(7)).readInt32BE(3)));
      else if (type === 248) await this.take((await this.take(8))[7]!);
      else throw new Error(`unexpected server message type ${type}`);
    }
    const count = (await this.take(3)).readUInt16BE(1);
    const rects: Rect[] = [];
    for (let i = 0; i < count; i++) {
      const h = await this.take(12);
      const rect: Rect = { x: h.readUInt16BE(0), y: h.readUInt16BE(2), w: h.readUInt16BE(4), h: h.readUInt16BE(6), encoding: h.readInt32BE(8) };
      if (rect.encoding === encodings.raw) rect.pixels = await this.take(rect.w * rect.h * 4);
      else if (rect.encoding === encodings.extendedDesktopSize) await this.take(16 * (await this.take(4))[0]!);
      else if (rect.encoding !== encodings.desktopSize) throw new Error(`unexpected encoding ${rect.encoding}`);
      rects.push(rect);
    }
    return rects;
  }

  /** Updates until one satisfies `found`, asking for a full update each time. */
  async updateUntil<T>(found: (rects: Rect[]) => T | undefined, what: string, timeoutMs = 15_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      this.updateRequest(false);
      const value = found(await this.nextUpdate());
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    }
  }

  close(): void {
    this.transport.close();
  }
}

/** The colour (R, G, B) of the pixel at (x, y) if a Raw rectangle of `rects` covers it. */
export function pixelAt(rects: Rect[], x: number, y: number): [number, number, number] | undefined {
  const r = rects.find((r) => r.pixels && x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h);
  if (!r) return undefined;
  const at = ((y - r.y) * r.w + (x - r.x)) * 4;
  return [r.pixels![at + 2]!, r.pixels![at + 1]!, r.pixels![at]!];
}
