import { decodeFrame, encodeControl, type ControlMessage, type DecodedFrame } from '@portcullis/shared';

export type Incoming = [data: Buffer, isBinary: boolean];

/**
 * What the session core needs of a party's connection: a browser's websocket (ws's WebSocket is one), or
 * anything that speaks the terminal protocol as one does (kubectl's exec stream, translated).
 */
export interface PartySocket {
  readonly readyState: number;
  readonly OPEN: number;
  /** Bytes sent but not yet written out: a joiner too far behind is dropped. */
  readonly bufferedAmount: number;
  send(data: Buffer | string, options?: { binary?: boolean }): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): this;
  on(event: 'close', listener: () => void): this;
  off(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): this;
  off(event: 'close', listener: () => void): this;
  once(event: 'close', listener: () => void): this;
}

type Control<T extends ControlMessage['type']> = Extract<ControlMessage, { type: T }>;

/**
 * What the browser sent while access checks and the channel's start were still running. Calling it stops
 * holding and hands the messages over in order; `take` waits for one control message the checks themselves
 * need (the answer to a second-factor challenge), which is then not handed over.
 */
export interface Held {
  (): Incoming[];
  /** The first control message of `type`, sent before or within `timeoutMs`; `missing` says why none came. */
  take<T extends ControlMessage['type']>(type: T, timeoutMs: number): Promise<{ message: Control<T> } | { missing: 'timeout' | 'closed' }>;
}

const controlOf = (data: Buffer, isBinary: boolean): ControlMessage | undefined => {
  if (isBinary) return undefined;
  try {
    const frame = decodeFrame(data.toString());
    return frame.kind === 'control' ? frame.message : undefined;
  } catch {
    // A malformed message stays held; the session's receive loop answers it with an error.
    return undefined;
  }
};

/** Starts holding what the browser sends, so keystrokes typed at once are not lost while the checks run. */
export function holdIncoming(socket: PartySocket): Held {
  const held: Incoming[] = [];
  let wanted: { type: ControlMessage['type']; found: (message: ControlMessage) => void } | undefined;
  const hold = (data: Buffer, isBinary: boolean) => {
    const message = wanted && controlOf(data, isBinary);
    if (wanted && message?.type === wanted.type) return wanted.found(message);
    held.push([data, isBinary]);
  };
  socket.on('message', hold);
  const release = () => {
    socket.off('message', hold);
    return held;
  };
  const take: Held['take'] = (type, timeoutMs) => {
    const index = held.findIndex(([data, isBinary]) => controlOf(data, isBinary)?.type === type);
    if (index >= 0) {
      const [[data, isBinary]] = held.splice(index, 1) as [Incoming];
      return Promise.resolve({ message: controlOf(data, isBinary) as Control<typeof type> });
    }
    return new Promise((resolve) => {
      const settle = (answer: Awaited<ReturnType<Held['take']>>) => {
        clearTimeout(timer);
        socket.off('close', closed);
        wanted = undefined;
        resolve(answer as never);
      };
      const closed = () => settle({ missing: 'closed' });
      const timer = setTimeout(() => settle({ missing: 'timeout' }), timeoutMs);
      socket.once('close', closed);
      if (socket.readyState !== socket.OPEN) return closed();
      wanted = { type, found: (message) => settle({ message: message as Control<typeof type> }) };
    });
  };
  return Object.assign(release, { take });
}

export const sendControl = (socket: PartySocket, message: ControlMessage): void => {
  if (socket.readyState === socket.OPEN) socket.send(encodeControl(message));
};

/** Decodes one message from a browser's terminal socket; a malformed one is answered with an error, not dropped silently. */
export function receiveFrame(socket: PartySocket, data: Buffer, isBinary: boolean): DecodedFrame | undefined {
  try {
    return decodeFrame(isBinary ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : data.toString());
  } catch (err) {
    sendControl(socket, { type: 'error', message: (err as Error).message });
    return undefined;
  }
}

/** Refuses inside the terminal: the user reads why, then the socket closes. */
export function refuse(socket: PartySocket, message: string): void {
  sendControl(socket, { type: 'error', message });
  sendControl(socket, { type: 'close', reason: message });
  socket.close(1000, 'refused');
}
