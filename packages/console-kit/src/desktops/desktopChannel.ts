import { type DesktopControlMessage, desktopControlMessage, desktopSocketUrl } from '@portcullis/shared';
import { type GatewayAccess, socketOriginOf } from '../gateway';
import { readJsonFrame } from './jsonFrame';
import type { RfbChannel } from './rfb';

/** The part of a WebSocket the desktop session uses; tests hand in a stand-in. */
export interface DesktopSocket {
  binaryType: BinaryType;
  readonly readyState: number;
  send(data: Uint8Array): void;
  close(code?: number): void;
  addEventListener(type: 'open' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'close', listener: (event: { code: number; reason: string }) => void): void;
}

/** Which desktop, as whom, and at what size to start; `sid` joins that live session as an observer. */
export interface DesktopTarget {
  clusterId: string;
  desktopName: string;
  username: string;
  sid?: string;
}

/** Opens the gateway's desktop websocket with the session's bearer token, asking for a `width`×`height` screen. */
export function openDesktopSocket(
  target: DesktopTarget,
  size: { width: number; height: number },
  gateway: Pick<GatewayAccess, 'bearerToken' | 'socketOrigin'>,
): WebSocket {
  return new WebSocket(
    desktopSocketUrl(socketOriginOf(gateway), {
      ...target,
      ...size,
      accessToken: gateway.bearerToken() ?? '',
    }),
  );
}

export interface DesktopChannelHandlers {
  /** A valid text frame from the gateway. */
  onMessage: (message: DesktopControlMessage) => void;
  /** A text frame that is not one of the gateway's messages. */
  onUnreadable: (problem: string) => void;
  /** The socket closed; `reason` is the close frame's, often empty. */
  onClose: (code: number, reason: string) => void;
}

/**
 * The desktop socket as noVNC sees it: one socket carries both the desktop's RFB bytes (binary frames) and the
 * gateway's JSON messages (text frames). noVNC is handed this channel instead of the socket, so it only ever
 * receives the binary frames; the text frames go to `handlers`.
 */
export class DesktopChannel implements RfbChannel {
  onopen: RfbChannel['onopen'] = null;
  onmessage: RfbChannel['onmessage'] = null;
  onclose: RfbChannel['onclose'] = null;
  onerror: RfbChannel['onerror'] = null;
  readonly protocol = '';

  constructor(
    private readonly socket: DesktopSocket,
    handlers: DesktopChannelHandlers,
  ) {
    socket.binaryType = 'arraybuffer';
    socket.addEventListener('open', () => this.onopen?.());
    socket.addEventListener('error', () => this.onerror?.(new Event('error')));
    socket.addEventListener('message', ({ data }) => {
      if (typeof data === 'string') {
        const read = readJsonFrame(data, desktopControlMessage);
        if ('problem' in read) handlers.onUnreadable(read.problem);
        else handlers.onMessage(read.message);
      } else if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
        this.onmessage?.({
          data:
            data instanceof ArrayBuffer
              ? data
              : new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
        });
      }
    });
    socket.addEventListener('close', (event) => {
      handlers.onClose(event.code, event.reason);
      this.onclose?.(event);
    });
  }

  // noVNC sets this; the socket keeps the arraybuffer type the channel chose.
  get binaryType(): string {
    return this.socket.binaryType;
  }
  set binaryType(_type: string) {}

  get readyState(): number {
    return this.socket.readyState;
  }

  send(data: Uint8Array): void {
    this.socket.send(data);
  }

  close(): void {
    this.socket.close(1000);
  }
}
