import type { FastifyInstance } from 'fastify';
import { interceptRequests } from '../../platform/http/intercept';
import type { Gateway } from '../../platform/server/context';
import { version } from '../../platform/server/version';
import { JoinTokenService } from '../tokens/service';
import { LeafForwarder } from './leafForwarder';
import { LeafTunnels } from './leafTunnels';
import { trustRoutes } from './routes';
import { TrustedClusterService } from './trustedClusters';

export interface TrustOptions {
  /** How often leaves heartbeat through their tunnels. */
  heartbeatMs?: number;
  /** The leaf's reconnect backoff bounds in ms (tests shorten them). */
  backoff?: { first: number; max: number };
}

/**
 * Trusted clusters, both ends: as a root, the tunnels leaves dial in on and the console's requests for them; as a
 * leaf, the roots it trusts and the tunnels it keeps to them. One gateway can be both.
 */
export function registerTrust(gw: Gateway, app: FastifyInstance, nodeCount: () => Promise<number>, options: TrustOptions = {}): void {
  const leaves = new LeafTunnels(gw.store, new JoinTokenService(gw.store, gw.now), gw.config.clusterName, gw.now, options.heartbeatMs ?? 5_000);
  const trusted = new TrustedClusterService(gw.store, gw.remoteCallers, gw.now, {
    localName: gw.config.clusterName,
    report: async () => ({ nodeCount: await nodeCount(), publicUrl: gw.publicUrl(), version }),
    server: () => app.server,
    log: (message) => app.log.warn(message),
    ...(options.backoff && { backoff: options.backoff }),
  });
  gw.sites.listRemotesFrom(() => leaves.list());
  trustRoutes(gw, trusted, leaves);
  const forwarder = new LeafForwarder(gw, app, leaves);
  interceptRequests(app.server, (req) => forwarder.leafOf(req.url), forwarder, (err) => app.log.error({ err }, 'a request for a leaf cluster failed'));
  app.addHook('onReady', async () => {
    await leaves.load();
    await trusted.startAll();
  });
  app.addHook('preClose', () => {
    trusted.stopAll();
    leaves.closeAll();
  });
}
