import { notFound } from '../access/errors';
import type { Gateway } from '../server/context';

/** This gateway serves one cluster; any other id in a path is a 404. */
export function assertLocalCluster(gw: Gateway, clusterId: string): void {
  if (clusterId !== gw.config.clusterName) throw notFound(`cluster ${clusterId} not found`);
}
