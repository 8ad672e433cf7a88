import { RfbError } from './rfbError';

/**
 * What a client→server message does, as the session's rules see it: `input` drives the desktop (keys, pointer,
 * xvp's reboot and shutdown), `clipboard` carries clipboard text, `resize` asks for another desktop size, and
 * `view` only shapes what the client is sent.
 */
export type ClientMessageKind = 'input' | 'clipboard' | 'resize' | 'view';

export interface ClientMessage {
  type: number;
  kind: ClientMessageKind;
  /** The whole message, as it goes on to the desktop. */
  bytes: Buffer;
  /** ClientCutText: the length of the clipboard data it carries. */
  clipboardBytes?: number;
}

/** Clipboard text past this size ends the session rather than being buffered by the gateway. */
const maxClipboardBytes = 4 * 1024 * 1024;

/**
 * A message's length from its first bytes, undefined while more are needed to tell. Covers RFC 6143's client
 * messages and the extensions noVNC sends; any other type is refused, since its length cannot be known and the
 * messages after it could not be read.
 */
function lengthOf(b: Buffer, at: number): number | undefined {
  const have = b.length - at;
  const need = (n: number, length: () => number) => (have < n ? undefined : length());
  const type = b[at]!;
  switch (type) {
    case 0: // SetPixelFormat
      return 20;
    case 2: // SetEncodings
      return need(4, () => 4 + 4 * b.readUInt16BE(at + 2));
    case 3: // FramebufferUpdateRequest
      return 10;
    case 4: // KeyEvent
      return 8;
    case 5: // PointerEvent
      return 6;
    case 6: // ClientCutText (a negative length is the extended clipboard's)
      return need(8, () => {
        const length = Math.abs(b.readInt32BE(at + 4));
        if (length > maxClipboardBytes)
          throw new RfbError(`the browser sent ${length} bytes of clipboard data, over the gateway's limit of ${maxClipboardBytes}`);
        return 8 + length;
      });
    case 150: // EnableContinuousUpdates
      return 10;
    case 248: // Fence
      return need(9, () => 9 + b[at + 8]!);
    case 250: // xvp
      return 4;
    case 251: // SetDesktopSize
      return need(8, () => 8 + 16 * b[at + 6]!);
    case 255: // QEMU client message: only the extended key event
      return need(2, () => {
        if (b[at + 1] !== 0)
          throw new RfbError(`the browser sent QEMU client message subtype ${b[at + 1]}, which the gateway does not pass (only the extended key event, 0)`);
        return 12;
      });
    default:
      throw new RfbError(`the browser sent an RFB message of unknown type ${type}: the gateway passes only the messages it can read`);
  }
}

const kinds: Record<number, ClientMessageKind> = { 4: 'input', 5: 'input', 255: 'input', 250: 'input', 6: 'clipboard', 251: 'resize' };

/**
 * Splits the browser's RFB bytes (after the opening) into whole client messages, holding a partial one until
 * the rest arrives. A message the gateway cannot read comes back as `error`, after the whole messages before
 * it; nothing past it can be read.
 */
export class ClientMessageReader {
  private buffered: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): { messages: ClientMessage[]; error?: RfbError } {
    const b = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    const messages: ClientMessage[] = [];
    let at = 0;
    try {
      while (at < b.length) {
        const length = lengthOf(b, at);
        if (length === undefined || at + length > b.length) break;
        const type = b[at]!;
        messages.push({ type, kind: kinds[type] ?? 'view', bytes: b.subarray(at, at + length), ...(type === 6 && { clipboardBytes: length - 8 }) });
        at += length;
      }
    } catch (err) {
      if (!(err instanceof RfbError)) throw err;
      return { messages, error: err };
    }
    this.buffered = b.subarray(at);
    return { messages };
  }
}
