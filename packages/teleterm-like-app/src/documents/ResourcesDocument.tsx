import {
  AppList,
  type DatabaseLogin,
  DatabaseList,
  KubeList,
  NodeList,
  type PodExec,
} from '@portcullis/console-kit';
import { Box, Flex, H2, Tabs, Text } from '@portcullis/design';
import type { Database, DaemonProfileJson, Kube, Node } from '@portcullis/shared';
import { useState } from 'react';
import { profileServices } from '../daemon/profileGateway';
import type { NewDocument } from '../workspace/documents';
import { SearchResults } from './SearchResults';

export interface ResourcesDocumentProps {
  profile: DaemonProfileJson;
  /** What the command bar searched for, shown above the lists. */
  search?: string;
  onOpen: (doc: NewDocument) => void;
  /** Opens a local port for the database and its tab. */
  onConnectDatabase: (profile: DaemonProfileJson, database: Database, login: DatabaseLogin) => void;
}

/** A cluster's servers, databases, applications and Kubernetes clusters, from the console-kit's lists. */
export function ResourcesDocument({ profile, search, onOpen, onConnectDatabase }: ResourcesDocumentProps) {
  const services = profileServices(profile.id);
  const clusterId = profile.clusterName;
  // The database Connect dialog stays open after handing over; starting the lists again closes it.
  const [generation, setGeneration] = useState(0);
  const [tab, setTab] = useState('servers');

  const connectNode = (node: Node, login: string) =>
    onOpen({
      kind: 'terminal',
      profile: profile.id,
      clusterId,
      serverId: node.id,
      login,
      title: `${login}@${node.hostname}`,
    });
  const openPodTerminal = (kube: Kube, exec: PodExec) =>
    onOpen({
      kind: 'kube',
      profile: profile.id,
      clusterId,
      kubeCluster: kube.name,
      namespace: exec.namespace,
      pod: exec.pod,
      ...(exec.container ? { container: exec.container } : {}),
      command: exec.command.join(' '),
      ...(exec.kubernetes_user ? { kubernetesUser: exec.kubernetes_user } : {}),
      title: `${exec.namespace}/${exec.pod}`,
    });
  const connectDatabase = (database: Database, login: DatabaseLogin) => {
    onConnectDatabase(profile, database, login);
    setGeneration((n) => n + 1);
  };

  return (
    <Box flex="1" overflowY="auto" p={4}>
      <Flex alignItems="baseline" gap={3} mb={3}>
        <H2>{clusterId}</H2>
        <Text muted>
          {profile.user} at {profile.proxy}
        </Text>
      </Flex>
      {search ? (
        <Box mb={4}>
          <SearchResults
            profile={profile}
            search={search}
            onConnectNode={connectNode}
            onConnectDatabase={connectDatabase}
          />
        </Box>
      ) : null}
      <Tabs
        key={generation}
        activeId={tab}
        onChange={setTab}
        label={`Resources of ${clusterId}`}
        tabs={[
          {
            id: 'servers',
            title: 'Servers',
            content: (
              <NodeList
                clusterId={clusterId}
                fetchNodes={services.nodes}
                onConnect={connectNode}
                onOpenInNewTab={connectNode}
              />
            ),
          },
          {
            id: 'databases',
            title: 'Databases',
            content: (
              <DatabaseList
                clusterId={clusterId}
                fetchDatabases={services.databases.list}
                onOpenConsole={connectDatabase}
              />
            ),
          },
          {
            id: 'apps',
            title: 'Applications',
            content: <AppList clusterId={clusterId} fetchApps={services.apps} />,
          },
          {
            id: 'kubernetes',
            title: 'Kubernetes',
            content: (
              <KubeList
                clusterId={clusterId}
                fetchKubes={services.kubes}
                proxy={profile.proxy}
                username={profile.user}
                onOpenTerminal={openPodTerminal}
              />
            ),
          },
        ]}
      />
    </Box>
  );
}
