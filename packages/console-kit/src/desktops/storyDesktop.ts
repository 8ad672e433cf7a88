import type { DesktopSocket } from './desktopChannel';

/**
 * A made-up desktop for the stories, in RFB as a desktop sends it: its ServerInit and framebuffer updates of
 * solid rectangles in Raw encoding, in the pixel format noVNC asks for (32 bits, red in the low byte).
 */
export const storyScreen = { width: 640, height: 400 };

const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const u32 = (n: number) => [...u16(n >>> 16), ...u16(n & 0xffff)];

export function serverInit(name: string): Uint8Array {
  const title = [...new TextEncoder().encode(name)];
  // 32 bpp, depth 24, little-endian, true colour, max 255 per colour, red/green/blue shifts 0/8/16, 3 padding bytes.
  const pixelFormat = [32, 24, 0, 1, ...u16(255), ...u16(255), ...u16(255), 0, 8, 16, 0, 0, 0];
  return Uint8Array.from([
    ...u16(storyScreen.width),
    ...u16(storyScreen.height),
    ...pixelFormat,
    ...u32(title.length),
    ...title,
  ]);
}

/** One FramebufferUpdate painting each rectangle in its colour. */
export function paint(
  rects: Array<{ x: number; y: number; w: number; h: number; rgb: [number, number, number] }>,
): Uint8Array {
  const bytes: number[] = [0, 0, ...u16(rects.length)];
  for (const { x, y, w, h, rgb } of rects) {
    bytes.push(...u16(x), ...u16(y), ...u16(w), ...u16(h), ...u32(0));
    for (let i = 0; i < w * h; i++) bytes.push(rgb[0], rgb[1], rgb[2], 0);
  }
  return Uint8Array.from(bytes);
}

/** The desktop as three coloured windows on a dark background. */
export const storyFrames = (): Uint8Array[] => [
  paint([{ x: 0, y: 0, w: storyScreen.width, h: storyScreen.height, rgb: [24, 32, 48] }]),
  paint([{ x: 40, y: 40, w: 260, h: 160, rgb: [80, 140, 220] }]),
  paint([{ x: 340, y: 80, w: 240, h: 200, rgb: [230, 180, 60] }]),
  paint([{ x: 120, y: 240, w: 300, h: 120, rgb: [90, 190, 120] }]),
];

type Listener = (event: { data: unknown; code: number; reason: string }) => void;

/** A socket that plays a gateway: `script` runs once it is open, sending frames through `send`. */
export class StorySocket implements DesktopSocket {
  binaryType: BinaryType = 'blob';
  readyState = 0;
  private listeners = new Map<string, Listener[]>();

  constructor(
    script: (
      send: (data: string | Uint8Array) => void,
      close: (code: number, reason: string) => void,
    ) => void,
  ) {
    setTimeout(() => {
      this.readyState = 1;
      this.emit('open');
      script(
        (data) => this.emit('message', typeof data === 'string' ? data : data.slice().buffer),
        (code, reason) => {
          this.readyState = 3;
          this.emit('close', undefined, code, reason);
        },
      );
    });
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  /** What noVNC sends goes nowhere: the story's desktop does not answer input. */
  send() {}
  close() {
    this.readyState = 3;
  }
  private emit(type: string, data?: unknown, code = 1005, reason = '') {
    for (const listener of this.listeners.get(type) ?? []) listener({ data, code, reason });
  }
}
