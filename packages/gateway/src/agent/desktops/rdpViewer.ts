import { connect, type Socket } from 'node:net';
import { PacketReader } from '../../resources/databases/protocols/packetReader';
import { rfbClientHandshake } from './rfbHandshake';

const encodingRaw = 0;
const encodingDesktopSize = -223;
const encodingExtendedDesktopSize = -308;
const encodingCursor = -239;

/**
 * The plainest RFB viewer (RFC 6143): 32-bit true colour, Raw encoding only, the cursor apart (read, not kept)
 * and the screen's size changes. The
 * bridge uses it on its own VNC server, over the loopback, to see when the RDP desktop has drawn; Raw costs
 * bandwidth, which the loopback has, and keeps the viewer small.
 */
export class RfbViewer {
  /** The screen as 0x00RRGGBB little-endian words (bytes B, G, R, unused), row after row. */
  pixels: Buffer;

  private constructor(
    private readonly socket: Socket,
    private readonly reader: PacketReader,
    public width: number,
    public height: number,
    readonly name: string,
  ) {
    this.pixels = Buffer.alloc(width * height * 4);
  }

  static async open(host: string, port: number, password: string | undefined): Promise<RfbViewer> {
    const socket = connect({ host, port });
    socket.setNoDelay(true);
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('error', reject);
      });
      const rest = await rfbClientHandshake(socket, { password, shared: true });
      if (rest.length) socket.unshift(rest);
      const reader = new PacketReader(socket);
      const init = await take(reader, 24);
      const name = (await take(reader, init.readUInt32BE(20))).toString('utf8');
      const viewer = new RfbViewer(socket, reader, init.readUInt16BE(0), init.readUInt16BE(2), name);
      viewer.write(setPixelFormat32());
      // With the cursor sent apart, the framebuffer holds only what the desktop drew.
      viewer.write(
        setEncodings([encodingRaw, encodingCursor, encodingDesktopSize, encodingExtendedDesktopSize]),
      );
      return viewer;
    } catch (err) {
      socket.destroy();
      throw err;
    }
  }

  /** Sends a client message as is (input events, SetDesktopSize). */
  write(message: Buffer): void {
    this.socket.write(message);
  }

  /**
   * Asks for the screen (only what changed, when `incremental`) and applies the server's next framebuffer
   * update. An incremental request waits until something changes.
   */
  async update(incremental: boolean): Promise<void> {
    const request = Buffer.alloc(10);
    request.writeUInt8(3, 0);
    request.writeUInt8(incremental ? 1 : 0, 1);
    request.writeUInt16BE(this.width, 6);
    request.writeUInt16BE(this.height, 8);
    this.write(request);
    for (;;) {
      const type = (await take(this.reader, 1))[0]!;
      if (type === 0) return this.readUpdate();
      if (type === 1) await take(this.reader, 6 * (await take(this.reader, 5)).readUInt16BE(3));
      else if (type === 3) await take(this.reader, (await take(this.reader, 7)).readUInt32BE(3));
      else if (type !== 2)
        throw new Error(`the VNC server sent message type ${type}, which this viewer does not read`);
    }
  }

  /** The colour at (x, y) as 0xRRGGBB. */
  pixel(x: number, y: number): number {
    return this.pixels.readUInt32LE((y * this.width + x) * 4) & 0xffffff;
  }

  /** How many pixels are not black. */
  nonBlack(): number {
    let count = 0;
    for (let i = 0; i < this.pixels.length; i += 4)
      if ((this.pixels.readUInt32LE(i) & 0xffffff) !== 0) count++;
    return count;
  }

  close(): void {
    this.socket.destroy();
  }

  private async readUpdate(): Promise<void> {
    const count = (await take(this.reader, 3)).readUInt16BE(1);
    for (let i = 0; i < count; i++) {
      const head = await take(this.reader, 12);
      const r = {
        x: head.readUInt16BE(0),
        y: head.readUInt16BE(2),
        w: head.readUInt16BE(4),
        h: head.readUInt16BE(6),
      };
      const encoding = head.readInt32BE(8);
      if (encoding === encodingRaw) {
        const data = await take(this.reader, r.w * r.h * 4);
        for (let row = 0; row < r.h; row++)
          data.copy(this.pixels, ((r.y + row) * this.width + r.x) * 4, row * r.w * 4, (row + 1) * r.w * 4);
      } else if (encoding === encodingCursor) {
        await take(this.reader, r.w * r.h * 4 + ((r.w + 7) >> 3) * r.h);
      } else if (encoding === encodingDesktopSize) {
        this.resize(r.w, r.h);
      } else if (encoding === encodingExtendedDesktopSize) {
        await take(this.reader, 16 * (await take(this.reader, 4))[0]!);
        // y carries the status: anything but 0 refuses a size request and leaves the screen as it was.
        if (r.y === 0) this.resize(r.w, r.h);
      } else {
        throw new Error(`the VNC server sent encoding ${encoding}, which this viewer did not ask for`);
      }
    }
  }

  private resize(width: number, height: number): void {
    if (width === this.width && height === this.height) return;
    this.width = width;
    this.height = height;
    this.pixels = Buffer.alloc(width * height * 4);
  }
}

async function take(reader: PacketReader, n: number): Promise<Buffer> {
  const bytes = await reader.take(n);
  if (!bytes) throw new Error('the VNC server closed the connection');
  return bytes;
}

/** SetPixelFormat: 32 bits per pixel, depth 24, little-endian true colour, red at bit 16, green 8, blue 0. */
function setPixelFormat32(): Buffer {
  const msg = Buffer.alloc(20);
  msg.writeUInt8(0, 0);
  msg.set([32, 24, 0, 1], 4);
  msg.writeUInt16BE(255, 8);
  msg.writeUInt16BE(255, 10);
  msg.writeUInt16BE(255, 12);
  msg.set([16, 8, 0], 14);
  return msg;
}

function setEncodings(encodings: number[]): Buffer {
  const msg = Buffer.alloc(4 + 4 * encodings.length);
  msg.writeUInt8(2, 0);
  msg.writeUInt16BE(encodings.length, 2);
  encodings.forEach((e, i) => msg.writeInt32BE(e, 4 + 4 * i));
  return msg;
}
