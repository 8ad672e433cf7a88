import { decodeFrame, encodeControl, type ControlMessage, type DecodedFrame } from '@portcullis/shared';
import type { WebSocket } from 'ws';

export type Incoming = [data: Buffer, isBinary: boolean];

/**
 * Holds what the browser sends while access checks and the channel's start are still running, so keystrokes
 * typed at once are not lost; the returned function stops holding and hands them over in order.
 */
export function holdIncoming(socket: WebSocket): () => Incoming[] {
  const held: Incoming[] = [];
  const hold = (data: Buffer, isBinary: boolean) => held.push([data, isBinary]);
  socket.on('message', hold);
  return () => {
    socket.off('message', hold);
    return held;
  };
}

export const sendControl = (socket: WebSocket, message: ControlMessage): void => {
  if (socket.readyState === socket.OPEN) socket.send(encodeControl(message));
};

/** Decodes one message from a browser's terminal socket; a malformed one is answered with an error, not dropped silently. */
export function receiveFrame(socket: WebSocket, data: Buffer, isBinary: boolean): DecodedFrame | undefined {
  try {
    return decodeFrame(isBinary ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : data.toString());
  } catch (err) {
    sendControl(socket, { type: 'error', message: (err as Error).message });
    return undefined;
  }
}

/** Refuses inside the terminal: the user reads why, then the socket closes. */
export function refuse(socket: WebSocket, message: string): void {
  sendControl(socket, { type: 'error', message });
  sendControl(socket, { type: 'close', reason: message });
  socket.close(1000, 'refused');
}
