import { DataTable, H1, Link, Text } from '@portcullis/design';
import type { Cluster } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { Link as RouterLink } from 'react-router-dom';
import { ClusterStatus } from './ClusterStatus';
import { clustersAtom } from './clustersAtoms';

/** Manage Clusters: this cluster and the leaves that trust it, each leading to its own page. */
export default function ClustersPage() {
  const clusters = useAtomValue(clustersAtom);
  return (
    <>
      <H1 mb={4}>Manage Clusters</H1>
      {/* In the gateway's order, which puts this cluster first: the one a reader looks for before the leaves. */}
      <DataTable<Cluster>
        label="Clusters"
        data={clusters}
        rowKey={(c) => c.clusterId}
        isSearchable
        columns={[
          {
            key: 'clusterId',
            headerText: 'Name',
            isSortable: true,
            render: (c) => (
              <Link as={RouterLink} to={c.url}>
                {c.clusterId}
              </Link>
            ),
          },
          {
            key: 'status',
            headerText: 'Status',
            isSortable: true,
            render: (c) => <ClusterStatus status={c.status} />,
          },
          {
            key: 'lastConnected',
            headerText: 'Last Connected',
            isSortable: true,
            noWrap: true,
            render: (c) => c.connectedText,
          },
          { key: 'nodeCount', headerText: 'Nodes', isSortable: true },
          { key: 'publicURL', headerText: 'Public URL' },
          {
            key: 'proxyVersion',
            headerText: 'Versions',
            render: (c) => (
              <>
                <Text>Auth {c.authVersion}</Text>
                <Text>Proxy {c.proxyVersion}</Text>
              </>
            ),
          },
        ]}
      />
    </>
  );
}
