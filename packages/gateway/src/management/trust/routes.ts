import { apiPaths, type ResourceJson } from '@portcullis/shared';
import { z } from 'zod';
import { yamlResourceRoutes } from '../../platform/access/yamlResourceRoutes';
import type { Gateway } from '../../platform/server/context';
import type { LeafTunnels } from './leafTunnels';
import { clusterTunnelPath } from './protocol';
import type { TrustedClusterService } from './trustedClusters';

const contentBody = z.object({ content: z.string().min(1, 'the trusted cluster is empty').max(64_000) }).strict();
const nameParams = z.object({ name: z.string().min(1).max(253) }).strict();

const present = (t: { name: string; content: string }) => ({ kind: 'trusted_cluster', name: t.name, content: t.content }) satisfies ResourceJson;

/** /trustedcluster on a leaf (the roots it trusts, as YAML resources like roles), and the tunnel leaves dial on a root. */
export function trustRoutes(gw: Gateway, trusted: TrustedClusterService, leaves: LeafTunnels) {
  yamlResourceRoutes(gw, { path: apiPaths.trustedClusters, rule: 'trusted_cluster', resources: trusted, present, body: contentBody, params: nameParams });

  gw.socket(clusterTunnelPath, {
    access: { public: 'leaf clusters have no web session: they authenticate in their first message (a join token, then the identity issued for it)' },
    handler: (socket, { req }) => leaves.accept(socket, req.ip),
  });
}
