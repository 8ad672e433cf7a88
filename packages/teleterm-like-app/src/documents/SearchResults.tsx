import { ConnectDatabaseDialog, ConnectKubeDialog, type DatabaseLogin } from '@portcullis/console-kit';
import { DataTable, type FetchStatus, type MenuItem } from '@portcullis/design';
import type { Database, DaemonProfileJson, Kube, Node } from '@portcullis/shared';
import { useEffect, useState } from 'react';
import { profileServices } from '../daemon/profileGateway';
import { type ResourceMatch, searchResources } from './resourceSearch';

export interface SearchResultsProps {
  profile: DaemonProfileJson;
  search: string;
  onConnectNode: (node: Node, login: string) => void;
  onConnectDatabase: (database: Database, login: DatabaseLogin) => void;
}

/** What the command bar's search found in one cluster, with the same actions the lists have. */
export function SearchResults({ profile, search, onConnectNode, onConnectDatabase }: SearchResultsProps) {
  const [matches, setMatches] = useState<ResourceMatch[]>([]);
  const [status, setStatus] = useState<FetchStatus>('loading');
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [database, setDatabase] = useState<Database>();
  const [kube, setKube] = useState<Kube>();

  useEffect(() => {
    const abort = new AbortController();
    setStatus('loading');
    searchResources(profileServices(profile.id), profile.clusterName, search, abort.signal).then(
      (found) => {
        setMatches(found);
        setStatus('');
      },
      (err: Error) => {
        if (abort.signal.aborted) return;
        setError(err.message);
        setStatus('error');
      },
    );
    return () => abort.abort();
  }, [profile.id, profile.clusterName, search, attempt]);

  const actions = (match: ResourceMatch): MenuItem[] => {
    switch (match.kind) {
      case 'Server':
        return match.node.sshLogins.map((login) => ({
          label: `Connect as ${login}`,
          onSelect: () => onConnectNode(match.node, login),
        }));
      case 'Database':
        return [{ label: 'Connect', onSelect: () => setDatabase(match.database) }];
      case 'Kubernetes':
        return [{ label: 'Connect', onSelect: () => setKube(match.kube) }];
      case 'Application':
        return [];
    }
  };

  return (
    <>
      <DataTable<ResourceMatch>
        label={`Resources matching ${search}`}
        data={matches}
        fetchStatus={status}
        errorText={error}
        onRetry={() => setAttempt((n) => n + 1)}
        rowKey={(match) => `${match.kind}/${match.name}`}
        columns={[
          { key: 'name', headerText: 'Name' },
          { key: 'kind', headerText: 'Kind' },
          { key: 'detail', headerText: 'Address' },
        ]}
        rowActions={actions}
        emptyText={`Nothing in ${profile.clusterName} matches ${search}`}
      />
      {database ? (
        <ConnectDatabaseDialog
          database={database}
          onClose={() => setDatabase(undefined)}
          onOpenConsole={(login) => {
            setDatabase(undefined);
            onConnectDatabase(database, login);
          }}
        />
      ) : null}
      {kube ? (
        <ConnectKubeDialog
          clusterId={profile.clusterName}
          kube={kube}
          proxy={profile.proxy}
          username={profile.user}
          onClose={() => setKube(undefined)}
        />
      ) : null}
    </>
  );
}
