import {
  type DatabaseConsoleMessage,
  databaseConsoleMessage,
  databaseConsoleSocketUrl,
  type DatabaseQueryMessage,
} from '@portcullis/shared';
import { type GatewayAccess, socketOriginOf } from '../gateway';

/** The part of a WebSocket the query console uses; tests hand in a stand-in. */
export interface DatabaseSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number): void;
  addEventListener(type: 'open' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'close', listener: (event: { code: number; reason: string }) => void): void;
}

/** Which database the console opens, as whom and on which of its databases. */
export interface DatabaseConsoleTarget {
  clusterId: string;
  database: string;
  dbUser: string;
  dbName: string;
}

/** Opens the gateway's query console websocket on `target`, with the session's bearer token. */
export function openDatabaseConsoleSocket(
  target: DatabaseConsoleTarget,
  gateway: Pick<GatewayAccess, 'bearerToken' | 'socketOrigin'>,
): WebSocket {
  return new WebSocket(
    databaseConsoleSocketUrl(socketOriginOf(gateway), {
      ...target,
      accessToken: gateway.bearerToken() ?? '',
    }),
  );
}

export interface DatabaseConsoleHandlers {
  /** A valid message from the gateway. */
  onMessage: (message: DatabaseConsoleMessage) => void;
  /** A frame that is not one of the console's messages: the gateway and the console disagree on the protocol. */
  onUnreadable: (problem: string) => void;
  /** The socket closed; `reason` is the close frame's, often empty. */
  onClose: (code: number, reason: string) => void;
}

const OPEN = 1;

/**
 * The query console's side of the socket: every incoming frame is checked against the shared schemas before it
 * reaches the console, and statements go out numbered so their answers can be matched to them.
 */
export class DatabaseConsoleClient {
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly socket: DatabaseSocket,
    handlers: DatabaseConsoleHandlers,
  ) {
    socket.addEventListener('message', ({ data }) => {
      if (this.closed) return;
      const message = readFrame(data);
      if ('problem' in message) handlers.onUnreadable(message.problem);
      else handlers.onMessage(message.message);
    });
    socket.addEventListener('close', ({ code, reason }) => {
      if (this.closed) return;
      this.closed = true;
      handlers.onClose(code, reason);
    });
  }

  /** Sends one statement and returns the id its result or error will carry; undefined when the socket is not open. */
  run(query: string): number | undefined {
    if (this.closed || this.socket.readyState !== OPEN) return undefined;
    const message: DatabaseQueryMessage = { type: 'query', id: this.nextId++, query };
    this.socket.send(JSON.stringify(message));
    return message.id;
  }

  /** Closes the socket without reporting it: the console is going away. */
  dispose(): void {
    this.closed = true;
    this.socket.close(1000);
  }
}

function readFrame(data: unknown): { message: DatabaseConsoleMessage } | { problem: string } {
  if (typeof data !== 'string') return { problem: 'a binary frame where a JSON message was expected' };
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { problem: 'a frame that is not JSON' };
  }
  const parsed = databaseConsoleMessage.safeParse(json);
  if (!parsed.success)
    return {
      problem: `a message that does not match the protocol (${parsed.error.issues.map((i) => `${i.path.join('.') || 'message'}: ${i.message}`).join('; ')})`,
    };
  return { message: parsed.data };
}
