import { assistantSocketUrl, commandExecuteSocketUrl } from '@portcullis/shared';
import { gateway } from '../../client';

/** The part of a WebSocket the assistant uses; tests and stories hand in stand-ins. */
export interface AssistSocket {
  readonly readyState: number;
  binaryType: BinaryType;
  send(data: string): void;
  close(code?: number): void;
  addEventListener(type: 'open' | 'error', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'close', listener: (event: { code: number; reason: string }) => void): void;
}

/** What the command websocket runs: one command, as one login, on one node (the gateway's exec params). */
export interface CommandParams {
  server_id: string;
  login: string;
  command: string;
}

/** The two websockets the assistant needs, so a page can be given stand-ins. */
export interface AssistSockets {
  /** The assistant's conversation `conversationId`. */
  assistant(clusterId: string, conversationId: string): AssistSocket;
  /** One node's run of a confirmed proposal. */
  command(clusterId: string, params: CommandParams): AssistSocket;
}

const accessToken = () => gateway.bearerToken() ?? '';

/** The gateway's websockets at this page's origin, as this tab's user. */
export const gatewaySockets: AssistSockets = {
  assistant: (clusterId, conversationId) =>
    new WebSocket(
      assistantSocketUrl(window.location.origin, { clusterId, accessToken: accessToken(), conversationId }),
    ),
  command: (clusterId, params) =>
    new WebSocket(
      commandExecuteSocketUrl(window.location.origin, { clusterId, accessToken: accessToken(), params }),
    ),
};

/** WebSocket.OPEN, which stand-ins do not carry. */
export const socketOpen = 1;
