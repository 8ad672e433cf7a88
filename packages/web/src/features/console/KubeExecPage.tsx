import {
  type KubeExecTarget,
  type PodExec,
  podExecFromQuery,
  type TerminalSocket,
  type TerminalStatus,
  useSecondFactorDialog,
} from '@portcullis/console-kit';
import { Alert, Flex, Indicator, Label, PageHeader, Text } from '@portcullis/design';
import { compilePath, webRoutes } from '@portcullis/shared';
import { type ReactNode, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { clusterLabel } from '../clusters/clusterLabel';
import { connectKube } from './connectKube';
import { TerminalPane } from './TerminalPane';

export interface KubeExecPageProps {
  /** How the page reaches the gateway; tests pass a fake socket. */
  connect?: (target: KubeExecTarget, term: { w: number; h: number }) => TerminalSocket;
}

const statusMark: Record<TerminalStatus, ReactNode> = {
  connecting: <Indicator size="small" delay="none" label="Connecting" />,
  connected: <Label kind="success">Connected</Label>,
  closed: <Label kind="warning">Ended</Label>,
};

/** namespace/pod, and the container when one is named. */
const podTitle = ({ namespace, pod, container }: PodExec) =>
  `${namespace}/${pod}${container ? ` (${container})` : ''}`;

/**
 * A terminal on a pod (console/kube/exec/{kubeId}?namespace&pod&container&command), opened from a Kubernetes
 * cluster's Connect dialog in a tab of its own. The socket speaks the node terminal's protocol, so the node
 * console's pane shows it; the header says how the session is doing, and why it ended, and which Kubernetes
 * cluster of which cluster it is on.
 */
export default function KubeExecPage({ connect = connectKube }: KubeExecPageProps) {
  const { clusterId = '', kubeId = '' } = useParams();
  const [query] = useSearchParams();
  const exec = podExecFromQuery(query);
  const back = { title: 'Kubernetes', to: compilePath(webRoutes.kubernetes, { clusterId }) };
  if (!exec)
    return (
      <Flex flexDirection="column" height="100vh" bg="levels.sunken">
        <PageHeader title={kubeId} back={back} linkAs={Link} />
        <Alert m={3}>The address names no pod. Open a terminal from Connect on the Kubernetes page.</Alert>
      </Flex>
    );
  // Keyed by the target: another cluster, pod or command is another session.
  return (
    <PodTerminal
      key={`${clusterId}/${kubeId}?${query.toString()}`}
      target={{ clusterId, kubeCluster: kubeId, exec }}
      back={back}
      connect={connect}
    />
  );
}

function PodTerminal({
  target,
  back,
  connect,
}: {
  target: KubeExecTarget;
  back: { title: string; to: string };
  connect: NonNullable<KubeExecPageProps['connect']>;
}) {
  const [status, setStatus] = useState<TerminalStatus>('connecting');
  const [closed, setClosed] = useState('');
  // A role that requires a second factor per session asks for it before the command starts.
  const { ask, dialog } = useSecondFactorDialog();
  const title = podTitle(target.exec);
  return (
    <Flex flexDirection="column" height="100vh" bg="levels.sunken">
      <PageHeader
        title={title}
        back={back}
        linkAs={Link}
        actions={
          <Flex alignItems="center" gap={2}>
            {statusMark[status]}
            <Text typography="body2">Kubernetes cluster: {target.kubeCluster}</Text>
            <Text typography="body2">{clusterLabel(target.clusterId)}</Text>
          </Flex>
        }
      />
      {closed ? (
        <Alert kind="info" m={2} mb={0}>
          {closed}
        </Alert>
      ) : null}
      <TerminalPane
        visible
        connect={(term) => connect(target, term)}
        onStatus={setStatus}
        onClose={setClosed}
        onMfaChallenge={(challenge) =>
          ask(challenge, `Opening a terminal on ${title} needs a second factor.`)
        }
      />
      {dialog}
    </Flex>
  );
}
