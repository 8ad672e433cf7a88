import { Button, DataTable, ResourceLabels } from '@portcullis/design';
import { type Database, displayLabels } from '@portcullis/shared';
import { type ReactNode, useCallback, useState } from 'react';
import { type PageQuery, useServerList } from '../lists/useServerList';
import { ConnectDatabaseDialog, type DatabaseLogin } from './ConnectDatabaseDialog';
import type { FetchDatabases } from './databasesService';

export interface DatabaseListProps {
  clusterId: string;
  /** Where pages come from: gatewayDatabases(gateway).list in an app, canned pages in a story. Made once. */
  fetchDatabases: FetchDatabases;
  /** Opens the query console on a database; the Connect dialog offers it only when given. */
  onOpenConsole?: (database: Database, login: DatabaseLogin) => void;
  /** What the list shows when the cluster has none at all, with the next step (the app knows which); a plain line without it. */
  emptyState?: ReactNode;
}

/** The cluster's databases: keyword search, sort and keyset pages done by the server; Connect per database. */
export function DatabaseList({ clusterId, fetchDatabases, onOpenConsole, emptyState }: DatabaseListProps) {
  const [connecting, setConnecting] = useState<Database>();
  const fetchPage = useCallback(
    async (query: PageQuery) => {
      const page = await fetchDatabases({ clusterId, ...query });
      return { items: page.databases, startKey: page.startKey, totalCount: page.totalCount };
    },
    [fetchDatabases, clusterId],
  );
  const list = useServerList(fetchPage, { fieldName: 'name', dir: 'ASC' });

  return (
    <>
      <DataTable<Database>
        {...list}
        label="Databases"
        rowKey={(db) => db.name}
        columns={[
          { key: 'name', headerText: 'Name', isSortable: true },
          { key: 'description', headerText: 'Description' },
          { key: 'type', headerText: 'Type' },
          {
            key: 'labels',
            headerText: 'Labels',
            render: (db) => <ResourceLabels labels={displayLabels(db.labels)} />,
          },
          {
            key: 'action',
            headerText: '',
            render: (db) => (
              <Button
                kind="border"
                size="small"
                aria-label={`Connect to ${db.name}`}
                onClick={() => setConnecting(db)}
              >
                Connect
              </Button>
            ),
          },
        ]}
        emptyText="No databases found"
        emptyState={emptyState}
      />
      {connecting ? (
        <ConnectDatabaseDialog
          database={connecting}
          onClose={() => setConnecting(undefined)}
          {...(onOpenConsole
            ? { onOpenConsole: (login: DatabaseLogin) => onOpenConsole(connecting, login) }
            : {})}
        />
      ) : null}
    </>
  );
}
