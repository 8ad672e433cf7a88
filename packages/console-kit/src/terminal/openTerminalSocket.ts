import { type TerminalParams, terminalSocketUrl } from '@portcullis/shared';
import type { GatewayAccess } from '../gateway';
import { newTraceparent } from './traceparent';

/** Opens the gateway's terminal websocket for one node and login, with the session's bearer token. */
export function openTerminalSocket(
  clusterId: string,
  params: TerminalParams,
  gateway: Pick<GatewayAccess, 'bearerToken'>,
): WebSocket {
  const accessToken = gateway.bearerToken() ?? '';
  return new WebSocket(
    terminalSocketUrl(window.location.origin, {
      clusterId,
      accessToken,
      params,
      traceparent: newTraceparent(),
    }),
  );
}
