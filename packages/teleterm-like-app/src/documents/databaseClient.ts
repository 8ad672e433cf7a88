import type { TerminalSocket, TerminalSurface } from '@portcullis/console-kit';
import {
  compilePath,
  type DaemonClientExit,
  type DaemonClientMessage,
  daemonPaths,
  queryString,
  websocketOrigin,
} from '@portcullis/shared';

/** The daemon's websocket running the database's own client against a connection's local port. */
export const databaseClientUrl = (
  origin: string,
  connectionId: string,
  size: { cols: number; rows: number },
) =>
  websocketOrigin(origin) + compilePath(daemonPaths.connectionClient, { connectionId }) + queryString(size);

/** Opens the client's socket at the page's origin: the daemon's own. */
export const openDatabaseClientSocket = (
  connectionId: string,
  size: { cols: number; rows: number },
): TerminalSocket => new WebSocket(databaseClientUrl(window.location.origin, connectionId, size));

export interface DatabaseClientHandlers {
  onOpen: () => void;
  /** The client exited (psql's \q) with its exit code. */
  onExit: (code: number) => void;
  /** The socket closed without the client saying it exited. */
  onClose: () => void;
}

const OPEN = 1;

const isExit = (frame: string): DaemonClientExit | undefined => {
  try {
    const message = JSON.parse(frame) as Partial<DaemonClientExit>;
    return message.type === 'exit' && typeof message.code === 'number'
      ? { type: 'exit', code: message.code }
      : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Joins a terminal to the client socket: the client's output (binary frames) is written as it comes, typing and
 * size changes go out as DaemonClientMessage text frames. Returns what undoes it.
 */
export function attachDatabaseClient(
  terminal: TerminalSurface,
  socket: TerminalSocket,
  handlers: DatabaseClientHandlers,
): () => void {
  let exited = false;
  const send = (message: DaemonClientMessage) => {
    if (socket.readyState === OPEN) socket.send(JSON.stringify(message));
  };
  socket.binaryType = 'arraybuffer';
  socket.addEventListener('open', handlers.onOpen);
  socket.addEventListener('message', ({ data }) => {
    if (typeof data !== 'string') {
      terminal.write(new Uint8Array(data as ArrayBuffer));
      return;
    }
    const exit = isExit(data);
    if (exit) {
      exited = true;
      handlers.onExit(exit.code);
    }
  });
  socket.addEventListener('close', () => {
    if (!exited) handlers.onClose();
  });
  const typing = terminal.onData((data) => send({ type: 'input', data }));
  const resizing = terminal.onResize(({ cols, rows }) => send({ type: 'resize', cols, rows }));
  return () => {
    typing.dispose();
    resizing.dispose();
    socket.close();
  };
}
