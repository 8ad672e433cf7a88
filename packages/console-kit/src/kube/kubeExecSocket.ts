import { kubeExecSocketUrl } from '@portcullis/shared';
import { type GatewayAccess, socketOriginOf } from '../gateway';
import type { PodExec } from './podExec';

/** Which Kubernetes cluster of which gateway cluster the command runs on, and what it runs. */
export interface KubeExecTarget {
  clusterId: string;
  kubeCluster: string;
  exec: PodExec;
}

/**
 * Opens the gateway's Kubernetes exec websocket with the session's bearer token. It speaks the node terminal's
 * protocol, so a TerminalEngine drives it as it does a node's shell.
 */
export function openKubeExecSocket(
  { clusterId, kubeCluster, exec }: KubeExecTarget,
  term: { w: number; h: number },
  gateway: Pick<GatewayAccess, 'bearerToken' | 'socketOrigin'>,
): WebSocket {
  const accessToken = gateway.bearerToken() ?? '';
  return new WebSocket(
    kubeExecSocketUrl(socketOriginOf(gateway), {
      clusterId,
      kubeCluster,
      accessToken,
      params: { ...exec, term },
    }),
  );
}
