import type { Gateway } from '../server/context';
import { peerTunnelPath, type GatewayPeers } from './peers';

/** Other gateways of the same database dial in here to reach the agents connected to this one. */
export function peerRoutes(gw: Gateway, peers: GatewayPeers | undefined) {
  gw.socket(peerTunnelPath, {
    access: { public: 'gateways have no web session: they prove the secret they share through the database' },
    handler: (socket, { req }) => (peers ? peers.accept(socket, req.headers.authorization) : socket.close(4404, 'this gateway runs alone: it has no peers on SQLite')),
  });
}
