import { DataTable, ResourceLabels, type SortState, useCursorPagination } from '@portcullis/design';
import { compilePath, displayLabels, type Node, webRoutes } from '@portcullis/shared';
import { useCallback, useEffect, useState } from 'react';
import { ConnectMenu } from './ConnectMenu';
import type { FetchNodes } from './nodesService';

export interface NodeListProps {
  clusterId: string;
  onConnect: (node: Node, login: string) => void;
  /** Where pages come from: gatewayNodes(gateway) in an app, canned pages in a story. */
  fetchNodes: FetchNodes;
}

/** The console's terminal route for a node and login, the address a terminal opened in a new tab loads. */
const terminalHref = (clusterId: string) => (node: Node, login: string) =>
  compilePath(webRoutes.consoleConnect, { clusterId, serverId: node.id, login });

/** Rows per page (the console pages 15 to 50 at a time). */
export const nodesPageSize = 15;
/** Typing pauses this long before the search goes to the server, so each keystroke is not a request. */
export const searchDelayMs = 300;

/** The cluster's nodes: keyword search, sort and keyset pages done by the server, and Connect per node. */
export function NodeList({ clusterId, onConnect, fetchNodes }: NodeListProps) {
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>({ fieldName: 'hostname', dir: 'ASC' });

  useEffect(() => {
    const timer = setTimeout(() => setSearch(query.trim()), searchDelayMs);
    return () => clearTimeout(timer);
  }, [query]);

  // A new search or sort is a new fetchPage, which starts again from the first page (old cursors are void).
  const fetchPage = useCallback(
    async (startKey: string | undefined) => {
      const page = await fetchNodes({ clusterId, limit: nodesPageSize, startKey, search: search || undefined, sort });
      return { items: page.nodes, startKey: page.startKey, totalCount: page.totalCount };
    },
    [fetchNodes, clusterId, search, sort],
  );
  const { items, fetchStatus, error, paging, reload } = useCursorPagination(fetchPage, nodesPageSize);

  return (
    <DataTable<Node>
      label="Servers"
      data={items}
      rowKey={(node) => node.id}
      columns={[
        { key: 'hostname', headerText: 'Hostname', isSortable: true },
        { key: 'addr', headerText: 'Address', isSortable: true, render: (node) => (node.tunnel ? '⟵ Tunnel' : node.addr) },
        { key: 'labels', headerText: 'Labels', render: (node) => <ResourceLabels labels={displayLabels(node.labels)} /> },
        {
          key: 'connect',
          headerText: '',
          render: (node) => <ConnectMenu node={node} onConnect={onConnect} terminalHref={terminalHref(clusterId)} />,
        },
      ]}
      fetchStatus={fetchStatus}
      errorText={error}
      onRetry={() => void reload()}
      isSearchable
      searchValue={query}
      onSearch={setQuery}
      sort={sort}
      onSort={setSort}
      serverPaging={paging}
      emptyText="No servers found"
    />
  );
}
