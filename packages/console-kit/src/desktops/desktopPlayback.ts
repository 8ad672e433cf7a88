import {
  DESKTOP_CHUNK_HEADER_BYTES,
  type DesktopPlaybackMessage,
  desktopPlaybackMessage,
  desktopPlaybackSocketUrl,
} from '@portcullis/shared';
import { type GatewayAccess, socketOriginOf } from '../gateway';
import type { DesktopSocket } from './desktopChannel';
import { readJsonFrame } from './jsonFrame';

/** RFB bytes the desktop sent, `t` milliseconds after the session started. */
export interface RecordedChunk {
  t: number;
  data: Uint8Array;
}

/** Opens the gateway's playback socket for the desktop recording `sid`. */
export function openDesktopPlaybackSocket(
  target: { clusterId: string; sid: string },
  gateway: Pick<GatewayAccess, 'bearerToken' | 'socketOrigin'>,
): WebSocket {
  return new WebSocket(
    desktopPlaybackSocketUrl(socketOriginOf(gateway), {
      ...target,
      accessToken: gateway.bearerToken() ?? '',
    }),
  );
}

export interface DesktopPlaybackHandlers {
  onRecording: (recording: Extract<DesktopPlaybackMessage, { type: 'recording' }>) => void;
  onChunk: (chunk: RecordedChunk) => void;
  /** Every chunk has arrived. */
  onEnd: () => void;
  /** A frame that is not part of the playback protocol. */
  onUnreadable: (problem: string) => void;
  onClose: (code: number, reason: string) => void;
}

/** Reads the playback socket: its JSON header and end (text frames) and its timed chunks (binary frames). */
export function readDesktopPlayback(socket: DesktopSocket, handlers: DesktopPlaybackHandlers): void {
  socket.binaryType = 'arraybuffer';
  socket.addEventListener('message', ({ data }) => {
    if (typeof data === 'string') {
      const read = readJsonFrame(data, desktopPlaybackMessage);
      if ('problem' in read) handlers.onUnreadable(read.problem);
      else if (read.message.type === 'recording') handlers.onRecording(read.message);
      else handlers.onEnd();
      return;
    }
    const bytes =
      data instanceof ArrayBuffer
        ? new Uint8Array(data)
        : ArrayBuffer.isView(data)
          ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
          : undefined;
    if (!bytes || bytes.byteLength < DESKTOP_CHUNK_HEADER_BYTES) {
      handlers.onUnreadable('a chunk shorter than its time header');
      return;
    }
    const t = new DataView(bytes.buffer, bytes.byteOffset, DESKTOP_CHUNK_HEADER_BYTES).getFloat64(0, false);
    handlers.onChunk({ t, data: bytes.slice(DESKTOP_CHUNK_HEADER_BYTES) });
  });
  socket.addEventListener('close', ({ code, reason }) => handlers.onClose(code, reason));
}
