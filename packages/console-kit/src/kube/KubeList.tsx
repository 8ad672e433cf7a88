import { Button, DataTable, ResourceLabels } from '@portcullis/design';
import { displayLabels, type Kube } from '@portcullis/shared';
import { type ReactNode, useCallback, useState } from 'react';
import { type PageQuery, useServerList } from '../lists/useServerList';
import { ConnectKubeDialog } from './ConnectKubeDialog';
import type { FetchKubes } from './kubeService';
import type { PodExec } from './podExec';

export interface KubeListProps {
  clusterId: string;
  /** Where pages come from: gatewayKubes(gateway) in an app, canned pages in a story. Made once. */
  fetchKubes: FetchKubes;
  /** The gateway's address and the signed-in user, for the Connect dialog's command lines. */
  proxy: string;
  username: string;
  /** Where a pod's terminal opens; without it, the console's terminal page in a new browser tab. */
  onOpenTerminal?: (kube: Kube, exec: PodExec) => void;
  /** What the list shows when the cluster has none at all, with the next step (the app knows which); a plain line without it. */
  emptyState?: ReactNode;
}

/**
 * The cluster's Kubernetes clusters: keyword search, sort and keyset pages done by the server, with the
 * Kubernetes users and groups the roles grant on each; Connect per cluster.
 */
export function KubeList({ clusterId, fetchKubes, proxy, username, onOpenTerminal, emptyState }: KubeListProps) {
  const [connecting, setConnecting] = useState<Kube>();
  const fetchPage = useCallback(
    async (query: PageQuery) => {
      const page = await fetchKubes({ clusterId, ...query });
      return { items: page.kubes, startKey: page.startKey, totalCount: page.totalCount };
    },
    [fetchKubes, clusterId],
  );
  const list = useServerList(fetchPage, { fieldName: 'name', dir: 'ASC' });

  return (
    <>
      <DataTable<Kube>
        {...list}
        label="Kubernetes clusters"
        rowKey={(kube) => kube.name}
        columns={[
          // The gateway sorts Kubernetes clusters by name only.
          { key: 'name', headerText: 'Name', isSortable: true },
          {
            key: 'labels',
            headerText: 'Labels',
            render: (kube) => <ResourceLabels labels={displayLabels(kube.labels)} />,
          },
          { key: 'users', headerText: 'Users', render: (kube) => kube.users.join(', ') },
          { key: 'groups', headerText: 'Groups', render: (kube) => kube.groups.join(', ') },
          {
            key: 'action',
            headerText: '',
            render: (kube) => (
              <Button
                kind="border"
                size="small"
                aria-label={`Connect to ${kube.name}`}
                onClick={() => setConnecting(kube)}
              >
                Connect
              </Button>
            ),
          },
        ]}
        emptyText="No Kubernetes clusters found"
        emptyState={emptyState}
      />
      {connecting ? (
        <ConnectKubeDialog
          clusterId={clusterId}
          kube={connecting}
          proxy={proxy}
          username={username}
          onClose={() => setConnecting(undefined)}
          {...(onOpenTerminal && { onOpenTerminal: (exec: PodExec) => onOpenTerminal(connecting, exec) })}
        />
      ) : null}
    </>
  );
}
