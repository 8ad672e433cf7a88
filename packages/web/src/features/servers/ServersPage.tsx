import { NodeList } from '@portcullis/console-kit';
import { Button, Flex, H1, Icons } from '@portcullis/design';
import type { Node } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { userContextAtom } from '../../session/userContext';
import { tabPath } from '../console/consoleTabs';
import { AddServerDialog } from './AddServerDialog';
import { fetchNodes } from './nodesService';
import { NoResourcesFound } from '../discover/NoResourcesFound';

/** Servers (/web/cluster/{clusterId}/nodes): the cluster's nodes, a terminal per login, and enrolling a new one. */
export default function ServersPage() {
  const { clusterId = '' } = useParams();
  const navigate = useNavigate();
  const { acl } = useAtomValue(userContextAtom);
  const [adding, setAdding] = useState(false);
  const connect = (node: Node, login: string) => navigate(tabPath({ clusterId, serverId: node.id, login }));
  return (
    <>
      <Flex alignItems="center" justifyContent="space-between" mb={4}>
        <H1>Servers</H1>
        {acl.tokens.create ? <Button onClick={() => setAdding(true)}>Add Server</Button> : null}
      </Flex>
      <NodeList
        clusterId={clusterId}
        onConnect={connect}
        fetchNodes={fetchNodes}
        emptyState={<NoResourcesFound kind="Servers" icon={Icons.Servers} />}
      />
      {adding ? <AddServerDialog onClose={() => setAdding(false)} /> : null}
    </>
  );
}
