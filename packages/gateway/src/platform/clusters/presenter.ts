import type { ClusterJson } from '@portcullis/shared';
import { version } from '../server/version';

/** A cluster as GET /sites and the user context present it. */
export function presentCluster(name: string, publicUrl: string, nodeCount: number, now: number) {
  return {
    name,
    lastConnected: new Date(now).toISOString(),
    status: 'online',
    nodeCount,
    publicURL: new URL(publicUrl).host,
    authVersion: version,
    proxyVersion: version,
  } satisfies ClusterJson;
}
