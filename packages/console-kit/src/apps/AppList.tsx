import { Button, ButtonLink, DataTable, Menu, ResourceLabels } from '@portcullis/design';
import { type App, compilePath, displayLabels, webRoutes } from '@portcullis/shared';
import { type ReactNode, useCallback, useState } from 'react';
import { type PageQuery, useServerList } from '../lists/useServerList';
import type { FetchApps } from './appsService';
import { ConnectAppDialog } from './ConnectAppDialog';

export interface AppListProps {
  clusterId: string;
  /** Where pages come from: gatewayApps(gateway) in an app, canned pages in a story. Made once. */
  fetchApps: FetchApps;
  /** What the list shows when the cluster has none at all, with the next step (the app knows which); a plain line without it. */
  emptyState?: ReactNode;
}

/** A tcp:// app is proxied to a local port by the command line; cloud:// apps have neither action. */
const isTcp = (app: App) => app.uri.startsWith('tcp://');

/** The launcher signing in to the AWS console as `arn`: the app's own launch route with the arn segment. */
const awsLaunchUrl = (app: App, arn: string) =>
  compilePath(webRoutes.appLauncher, { fqdn: app.fqdn, clusterId: app.clusterId, publicAddr: app.publicAddr || undefined, arn });

/** The AWS console is launched as a role: one item per role ARN the user's roles grant on it, each in a new tab. */
function AwsLaunchMenu({ app }: { app: App }) {
  const items = app.awsRoles.length
    ? app.awsRoles.map((role) => ({ label: role.display, onSelect: () => void window.open(awsLaunchUrl(app, role.arn), '_blank', 'noopener') }))
    : [{ label: 'No AWS roles allowed by your roles', onSelect: () => {}, disabled: true }];
  return <Menu label="Launch" items={items} size="small" placement="bottom-end" />;
}

function AppAction({ app, onConnect }: { app: App; onConnect: (app: App) => void }) {
  if (app.awsConsole) return <AwsLaunchMenu app={app} />;
  if (app.launchUrl) {
    // A new tab, because the launcher leaves the console for the app's own host. noopener: the app's pages
    // must not get a handle on the console's window.
    return (
      <ButtonLink kind="border" size="small" href={app.launchUrl} target="_blank" rel="noopener noreferrer">
        Launch
      </ButtonLink>
    );
  }
  if (isTcp(app)) {
    return (
      <Button kind="border" size="small" onClick={() => onConnect(app)}>
        Connect
      </Button>
    );
  }
  return null;
}

/** The cluster's applications: keyword search, sort and keyset pages done by the server; Launch or Connect per app. */
export function AppList({ clusterId, fetchApps, emptyState }: AppListProps) {
  const [connecting, setConnecting] = useState<App>();
  const fetchPage = useCallback(
    async (query: PageQuery) => {
      const page = await fetchApps({ clusterId, ...query });
      return { items: page.apps, startKey: page.startKey, totalCount: page.totalCount };
    },
    [fetchApps, clusterId],
  );
  const list = useServerList(fetchPage, { fieldName: 'name', dir: 'ASC' });

  return (
    <>
      <DataTable<App>
        {...list}
        label="Applications"
        rowKey={(app) => app.id}
        columns={[
          // Sorted by the server on the wire's field names, which it sorts apps by: name and publicAddr.
          { key: 'name', headerText: 'Name', isSortable: true },
          { key: 'description', headerText: 'Description' },
          { key: 'publicAddr', headerText: 'Address', isSortable: true, render: (app) => app.addrWithProtocol },
          { key: 'labels', headerText: 'Labels', render: (app) => <ResourceLabels labels={displayLabels(app.labels)} /> },
          { key: 'action', headerText: '', render: (app) => <AppAction app={app} onConnect={setConnecting} /> },
        ]}
        emptyText="No applications found"
        emptyState={emptyState}
      />
      {connecting ? <ConnectAppDialog app={connecting} onClose={() => setConnecting(undefined)} /> : null}
    </>
  );
}
