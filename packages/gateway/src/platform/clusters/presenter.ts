import type { ClusterJson } from '@portcullis/shared';
import { version } from '../server/version';
import type { RemoteSiteStatus } from './sites';

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

/** A leaf as its root lists it: what the leaf last reported through its tunnel, and whether that is up now. */
export function presentRemoteCluster(name: string, r: RemoteSiteStatus) {
  return {
    name,
    lastConnected: new Date(r.lastConnected).toISOString(),
    status: r.online ? 'online' : 'offline',
    nodeCount: r.nodeCount,
    publicURL: r.publicUrl ? new URL(r.publicUrl).host : '',
    authVersion: r.version,
    proxyVersion: r.version,
  } satisfies ClusterJson;
}
