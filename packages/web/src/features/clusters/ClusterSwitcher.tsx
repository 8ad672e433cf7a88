import { Menu, Text } from '@portcullis/design';
import { atom, useAtomValue } from 'jotai';
import { unwrap } from 'jotai/utils';
import { Link, useLocation } from 'react-router-dom';
import { clusterLabel } from './clusterLabel';
import { clustersAtom } from './clustersAtoms';
import { pathInCluster } from './pathInCluster';

// The top bar must neither wait for the clusters list nor fail with it: until it is read, and if it cannot be,
// there is no other cluster to offer.
const switchableClusters = unwrap(
  atom((get) => get(clustersAtom).catch(() => [])),
  () => [],
);

/**
 * The cluster being looked at, and, once this gateway reaches more than one, a menu to look at the same page in
 * another: offline leaves are marked but still offered, since their pages say what they can. The name alone
 * is muted text, not in the brand colour, because it leads nowhere and should not look like a link.
 */
export function ClusterSwitcher({ current }: { current: string }) {
  const clusters = useAtomValue(switchableClusters);
  const { pathname } = useLocation();
  if (clusters.length < 2) return <Text muted>{clusterLabel(current)}</Text>;
  return (
    <Menu
      label={clusterLabel(current)}
      kind="text"
      linkAs={Link}
      items={clusters.map((c) => ({
        label: c.status === 'offline' ? `${c.clusterId} (offline)` : c.clusterId,
        to: pathInCluster(pathname, c.clusterId),
      }))}
    />
  );
}
