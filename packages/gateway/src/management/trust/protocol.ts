import { z } from 'zod';

/** Where a leaf's tunnel dials in, on the root's public port. */
export const clusterTunnelPath = '/v1/cluster/tunnel';

/** Leaf → root, first message: which cluster, proving itself with the root's join token once, then the identity issued for it. */
export const leafHello = z
  .object({
    type: z.literal('hello'),
    version: z.literal(1),
    cluster: z.string().min(1).max(253),
    joinToken: z.string().min(1).max(256).optional(),
    secret: z.string().min(1).max(256).optional(),
    publicUrl: z.string().max(2048),
    nodeCount: z.number().int().min(0),
    gatewayVersion: z.string().max(64),
  })
  .refine((h) => (h.joinToken === undefined) !== (h.secret === undefined), { message: 'a hello carries a join token or an identity, not both' });
export type LeafHello = z.infer<typeof leafHello>;

/** Root → leaf: accepted, with the root's name, how often to beat, and (after a join token) the identity to keep. */
export const rootWelcome = z.object({
  type: z.literal('welcome'),
  root: z.string(),
  heartbeatMs: z.number().int().positive(),
  secret: z.string().optional(),
});
export type RootWelcome = z.infer<typeof rootWelcome>;

/** Leaf → root, every heartbeatMs: what the root's Manage Clusters page shows of it. */
export const leafHeartbeat = z.object({ type: z.literal('heartbeat'), nodeCount: z.number().int().min(0) });

/**
 * Root → leaf, a new stream: one HTTP request (or websocket) of a root user to the leaf's web API, with who they
 * are on the root. The leaf maps their roles through its role map and decides as it would for its own users.
 */
export const webStreamRequest = z.object({
  kind: z.literal('web'),
  id: z.string(),
  request: z.object({
    user: z.string().min(1).max(255),
    roles: z.array(z.string()).max(100),
    traits: z.record(z.string(), z.array(z.string())),
    remoteAddr: z.string().max(64),
  }),
});
export type RemoteCaller = z.infer<typeof webStreamRequest>['request'];
