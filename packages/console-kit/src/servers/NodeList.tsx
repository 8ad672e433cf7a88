import { DataTable, ResourceLabels } from '@portcullis/design';
import { compilePath, displayLabels, type Node, webRoutes } from '@portcullis/shared';
import { type ReactNode, useCallback } from 'react';
import { type PageQuery, useServerList } from '../lists/useServerList';
import { ConnectMenu } from './ConnectMenu';
import type { FetchNodes } from './nodesService';

export interface NodeListProps {
  clusterId: string;
  onConnect: (node: Node, login: string) => void;
  /** Where pages come from: gatewayNodes(gateway) in an app, canned pages in a story. */
  fetchNodes: FetchNodes;
  /** Where "Open in new tab" opens a terminal; without it, a new browser tab at the console's terminal page. */
  onOpenInNewTab?: (node: Node, login: string) => void;
  /** What the list shows when the cluster has none at all, with the next step (the app knows which); a plain line without it. */
  emptyState?: ReactNode;
}

/** The console's terminal route for a node and login, the address a terminal opened in a new tab loads. */
const terminalHref = (clusterId: string) => (node: Node, login: string) =>
  compilePath(webRoutes.consoleConnect, { clusterId, serverId: node.id, login });

/** The cluster's nodes: keyword search, sort and keyset pages done by the server, and Connect per node. */
export function NodeList({ clusterId, onConnect, fetchNodes, onOpenInNewTab, emptyState }: NodeListProps) {
  const fetchPage = useCallback(
    async (query: PageQuery) => {
      const page = await fetchNodes({ clusterId, ...query });
      return { items: page.nodes, startKey: page.startKey, totalCount: page.totalCount };
    },
    [fetchNodes, clusterId],
  );
  const list = useServerList(fetchPage, { fieldName: 'hostname', dir: 'ASC' });

  return (
    <DataTable<Node>
      {...list}
      label="Servers"
      rowKey={(node) => node.id}
      columns={[
        { key: 'hostname', headerText: 'Hostname', isSortable: true },
        {
          key: 'addr',
          headerText: 'Address',
          isSortable: true,
          render: (node) => (node.tunnel ? '⟵ Tunnel' : node.addr),
        },
        {
          key: 'labels',
          headerText: 'Labels',
          render: (node) => <ResourceLabels labels={displayLabels(node.labels)} />,
        },
        {
          key: 'connect',
          headerText: '',
          render: (node) => (
            <ConnectMenu
              node={node}
              onConnect={onConnect}
              terminalHref={terminalHref(clusterId)}
              {...(onOpenInNewTab && { onOpenInNewTab })}
            />
          ),
        },
      ]}
      emptyText="No servers found"
        emptyState={emptyState}
    />
  );
}
