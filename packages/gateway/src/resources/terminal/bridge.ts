import { decodeFrame, encodeControl, type ControlMessage, type DecodedFrame } from '@portcullis/shared';
import type { WebSocket } from 'ws';
import type { ShellChannel } from './channel';

export interface BridgeHooks {
  onResize(w: number, h: number): void;
  onInput(): void;
  onEnd(exit: { code: number | null; error?: string }): void;
}

type Incoming = [data: Buffer, isBinary: boolean];

/**
 * Holds what the browser sends while access checks and the shell's start are still running, so keystrokes
 * typed at once are not lost; bridge() replays them in order.
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

/**
 * Joins the browser's terminal socket to a shell. Output goes out as binary frames and is credited back to the
 * shell only as the browser acknowledges it (never more than was sent), so a flood waits at its source
 * instead of piling up in the gateway or the tab, and a Ctrl-C typed meanwhile is a small frame that
 * overtakes nothing queued.
 */
export function bridge(socket: WebSocket, channel: ShellChannel, hooks: BridgeHooks, held: Incoming[] = []): void {
  let outstanding = 0;
  let ended = false;
  channel.onData((chunk) => {
    outstanding += chunk.length;
    if (socket.readyState === socket.OPEN) socket.send(chunk, { binary: true });
  });
  channel.onExit((exit) => {
    if (ended) return;
    ended = true;
    if (exit.error) sendControl(socket, { type: 'error', message: exit.error });
    sendControl(socket, { type: 'close', reason: exit.error ? 'session failed' : 'shell exited', ...(exit.code !== null ? { exitCode: exit.code } : {}) });
    hooks.onEnd(exit);
    socket.close(1000, 'session ended');
  });
  const receive = (data: Buffer, isBinary: boolean) => {
    const frame = receiveFrame(socket, data, isBinary);
    if (!frame) return;
    if (frame.kind === 'data') {
      channel.write(Buffer.from(frame.data));
      hooks.onInput();
      return;
    }
    const message = frame.message;
    if (message.type === 'ack') {
      const credit = Math.min(message.bytes, outstanding);
      outstanding -= credit;
      if (credit > 0) channel.ack(credit);
    } else if (message.type === 'resize') {
      channel.resize(message.w, message.h);
      hooks.onResize(message.w, message.h);
    } else if (message.type === 'close') {
      channel.close();
    }
  };
  for (const [data, isBinary] of held) receive(data, isBinary);
  socket.on('message', receive);
  socket.on('close', () => {
    if (!ended) channel.close();
  });
}
