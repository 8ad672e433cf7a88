import type { RfbChannel } from './rfb';

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/**
 * What an RFB server says before its ServerInit, which is where a recording starts: protocol 3.8, one security
 * type (1, None), and SecurityResult 0 (OK). noVNC answers each step (its version, the type it chose, its
 * ClientInit); a replay channel swallows the answers.
 */
export const rfbOpening = Uint8Array.from([...ascii('RFB 003.008\n'), 1, 1, 0, 0, 0, 0]);

const OPEN = 1;
const CLOSED = 3;

/**
 * A channel noVNC reads a recording from instead of a socket: open from the start, it delivers what the player
 * hands it and drops everything noVNC sends (there is no desktop to hear it).
 */
export class ReplayChannel implements RfbChannel {
  onopen: RfbChannel['onopen'] = null;
  onmessage: RfbChannel['onmessage'] = null;
  onclose: RfbChannel['onclose'] = null;
  onerror: RfbChannel['onerror'] = null;
  binaryType = 'arraybuffer';
  readonly protocol = '';
  private state = OPEN;

  get readyState(): number {
    return this.state;
  }

  /** Hands `bytes` to noVNC as one received frame. */
  deliver(bytes: Uint8Array): void {
    if (this.state === OPEN) this.onmessage?.({ data: bytes });
  }

  send(): void {}

  close(): void {
    if (this.state === CLOSED) return;
    this.state = CLOSED;
    // After the call returns, as a socket's close event would: noVNC is still inside its disconnect.
    queueMicrotask(() => this.onclose?.({ code: 1000, reason: '' }));
  }
}
