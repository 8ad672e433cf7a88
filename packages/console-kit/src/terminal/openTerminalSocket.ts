import { type TerminalParams, terminalSocketUrl } from '@portcullis/shared';
import { type GatewayAccess, socketOriginOf } from '../gateway';
import { newTraceparent } from './traceparent';

/** Opens the gateway's terminal websocket for one node and login, with the session's bearer token. */
export function openTerminalSocket(
  clusterId: string,
  params: TerminalParams,
  gateway: Pick<GatewayAccess, 'bearerToken' | 'socketOrigin'>,
): WebSocket {
  const accessToken = gateway.bearerToken() ?? '';
  return new WebSocket(
    terminalSocketUrl(socketOriginOf(gateway), {
      clusterId,
      accessToken,
      params,
      traceparent: newTraceparent(),
    }),
  );
}
