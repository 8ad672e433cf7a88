import { DataTable, Menu, ResourceLabels } from '@portcullis/design';
import { compilePath, type Desktop, displayLabels, webRoutes } from '@portcullis/shared';
import { type ReactNode, useCallback } from 'react';
import { type PageQuery, useServerList } from '../lists/useServerList';
import type { FetchDesktops } from './desktopsService';

export interface DesktopListProps {
  clusterId: string;
  /** Where pages come from: gatewayDesktops(gateway) in an app, canned pages in a story. Made once. */
  fetchDesktops: FetchDesktops;
  /** What the list shows when the cluster has none at all, with the next step (the app knows which); a plain line without it. */
  emptyState?: ReactNode;
}

/**
 * The logins the user's roles allow on the desktop; each opens the desktop session page in a new tab, since
 * the session fills a page of its own and the list stays open for the next one.
 */
function ConnectDesktopMenu({ clusterId, desktop }: { clusterId: string; desktop: Desktop }) {
  const items = desktop.logins.length
    ? desktop.logins.map((username) => ({
        label: username,
        onSelect: () =>
          void window.open(
            compilePath(webRoutes.desktop, { clusterId, desktopName: desktop.name, username }),
            '_blank',
            'noopener',
          ),
      }))
    : [{ label: 'No logins allowed by your roles', onSelect: () => {}, disabled: true }];
  return <Menu label="Connect" items={items} size="small" placement="bottom-end" />;
}

/** The cluster's desktops: keyword search, sort and keyset pages done by the server; Connect as one of the allowed logins. */
export function DesktopList({ clusterId, fetchDesktops, emptyState }: DesktopListProps) {
  const fetchPage = useCallback(
    async (query: PageQuery) => {
      const page = await fetchDesktops({ clusterId, ...query });
      return { items: page.desktops, startKey: page.startKey, totalCount: page.totalCount };
    },
    [fetchDesktops, clusterId],
  );
  const list = useServerList(fetchPage, { fieldName: 'name', dir: 'ASC' });

  return (
    <DataTable<Desktop>
      {...list}
      label="Desktops"
      rowKey={(desktop) => desktop.name}
      columns={[
        // The gateway sorts desktops by name only.
        { key: 'name', headerText: 'Name', isSortable: true },
        { key: 'addr', headerText: 'Address' },
        { key: 'os', headerText: 'OS' },
        {
          key: 'labels',
          headerText: 'Labels',
          render: (desktop) => <ResourceLabels labels={displayLabels(desktop.labels)} />,
        },
        {
          key: 'action',
          headerText: '',
          render: (desktop) => <ConnectDesktopMenu clusterId={clusterId} desktop={desktop} />,
        },
      ]}
      emptyText="No desktops found"
        emptyState={emptyState}
    />
  );
}
