import { displayDateTime } from '../format/dates';
import { compilePath } from '../routes/compilePath';
import { webRoutes } from '../routes/webRoutes';

/** A cluster as the sites list and the user context send it. */
export interface ClusterJson {
  name: string;
  lastConnected?: string;
  status?: string;
  nodeCount?: number;
  publicURL?: string;
  authVersion?: string;
  proxyVersion?: string;
}

export interface Cluster {
  clusterId: string;
  lastConnected: Date;
  connectedText: string;
  status: string;
  url: string;
  authVersion: string;
  nodeCount: number;
  publicURL: string;
  proxyVersion: string;
}

export function makeCluster(json: ClusterJson): Cluster {
  const lastConnected = new Date(json.lastConnected ?? 0);
  return {
    clusterId: json.name,
    lastConnected,
    connectedText: displayDateTime(lastConnected),
    status: json.status ?? '',
    url: compilePath(webRoutes.cluster, { clusterId: json.name }),
    authVersion: json.authVersion ?? '',
    nodeCount: json.nodeCount ?? 0,
    publicURL: json.publicURL ?? '',
    proxyVersion: json.proxyVersion ?? '',
  };
}
