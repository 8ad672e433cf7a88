import { Checkbox, DataTable, ResourceLabels, useCursorPagination } from '@portcullis/design';
import { displayLabels, type Node } from '@portcullis/shared';
import { useCallback } from 'react';
import { fetchNodes } from '../servers/nodesService';

/** Rows per page, as the Servers list pages. */
const pageSize = 15;

/**
 * The nodes the user could request: the node list searched with the roles they may request
 * (searchAsRoles), keyset-paged like the Servers list, with a checkbox per node. Picks are kept by the page
 * across pages of the list.
 */
export function RequestableNodes({
  clusterId,
  picked,
  onToggle,
}: {
  clusterId: string;
  picked: Node[];
  onToggle: (node: Node) => void;
}) {
  const fetchPage = useCallback(
    async (startKey: string | undefined) => {
      const page = await fetchNodes({
        clusterId,
        searchAsRoles: true,
        limit: pageSize,
        startKey,
        sort: { fieldName: 'hostname', dir: 'ASC' },
      });
      return { items: page.nodes, startKey: page.startKey, totalCount: page.totalCount };
    },
    [clusterId],
  );
  const { items, fetchStatus, error, paging, reload } = useCursorPagination(fetchPage, pageSize);
  return (
    <DataTable<Node>
      label="Requestable servers"
      data={items}
      rowKey={(node) => node.id}
      columns={[
        {
          key: 'hostname',
          headerText: 'Hostname',
          render: (node) => (
            <Checkbox
              label={node.hostname}
              checked={picked.some((p) => p.id === node.id)}
              onChange={() => onToggle(node)}
            />
          ),
        },
        { key: 'addr', headerText: 'Address', render: (node) => (node.tunnel ? '⟵ Tunnel' : node.addr) },
        {
          key: 'labels',
          headerText: 'Labels',
          render: (node) => <ResourceLabels labels={displayLabels(node.labels)} />,
        },
      ]}
      fetchStatus={fetchStatus}
      errorText={error}
      onRetry={() => void reload()}
      serverPaging={paging}
      emptyText="No servers to request"
    />
  );
}
