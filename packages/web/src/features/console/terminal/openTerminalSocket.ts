import { type TerminalParams, terminalSocketUrl } from '@portcullis/shared';
import { localState } from '../../../client';
import { newTraceparent } from './traceparent';

/** Opens the gateway's terminal websocket for one node and login, with the session's bearer token. */
export function openTerminalSocket(clusterId: string, params: TerminalParams): WebSocket {
  const accessToken = localState.getBearerToken()?.accessToken ?? '';
  return new WebSocket(
    terminalSocketUrl(window.location.origin, { clusterId, accessToken, params, traceparent: newTraceparent() }),
  );
}
