import { compilePath, webRoutes } from '@portcullis/shared';
import { matchPath } from 'react-router-dom';

/**
 * The same page in another cluster (`/web/cluster/A/nodes` → `/web/cluster/B/nodes`); from a page that
 * belongs to no cluster, the other cluster's own page. The rest of the path is kept as it was encoded.
 */
export function pathInCluster(pathname: string, clusterId: string): string {
  const clusterPage = compilePath(webRoutes.cluster, { clusterId });
  const inCluster = matchPath(`${webRoutes.cluster}*`, pathname);
  return inCluster
    ? clusterPage + pathname.slice(inCluster.pathnameBase.length).replace(/^\//, '')
    : clusterPage;
}
