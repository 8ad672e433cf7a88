import type { Identity } from '../../../platform/access/identity';
import { dialThroughAgent } from '../../connectors/agent/dialStream';
import type { AgentRegistry } from '../../connectors/agent/registry';
import type { SessionCore } from '../../core/sessionCore';
import type { Held, PartySocket } from '../../core/socket';
import type { Impersonation } from '../impersonation';
import { kubeClusterKind } from '../kind';
import type { ExecTarget } from '../proxy/execTarget';
import type { KubeClusterRecord } from '../repo';
import { kubeExecChannel } from './execChannel';

/** The fields naming a Kubernetes session's pod and identity in its events. */
const podFields = (t: ExecTarget, as: Impersonation): Record<string, string> => ({
  kubernetes_pod_namespace: t.namespace,
  kubernetes_pod_name: t.pod,
  ...(t.container && { kubernetes_container_name: t.container }),
  kubernetes_users: as.user,
  kubernetes_groups: as.groups.join(','),
  command: t.command.join(' '),
});

/**
 * Terminal sessions on pods, whoever asks (the console's socket, or kubectl's exec -it translated): admitted,
 * tracked, joinable and recorded by the session core like a node's shell, the pod reached through the cluster's agent.
 */
export class KubeSessions {
  constructor(
    private readonly core: SessionCore,
    private readonly agents: AgentRegistry,
  ) {}

  async open(
    socket: PartySocket,
    held: Held,
    o: { identity: Identity; cluster: KubeClusterRecord; as: Impersonation; target: ExecTarget; term: { w: number; h: number }; remoteAddr: string },
  ): Promise<void> {
    const { identity, cluster, as, target } = o;
    const admission = await this.core.admitSocket(socket, { kind: kubeClusterKind, id: cluster.id, identity, login: as.user, remoteAddr: o.remoteAddr, refusedEvent: 'SESSION_REJECTED' });
    if (!admission) return;
    const dial = () => dialThroughAgent(this.agents, { agentId: cluster.agentId, kind: kubeClusterKind, id: cluster.id, request: { op: 'dial' }, what: `Kubernetes cluster ${cluster.name}` });
    await this.core.start(admission, {
      socket,
      held,
      open: { type: 'shell', term: o.term },
      channel: () => kubeExecChannel(dial, target, as),
      auditFields: podFields(target, as),
    });
  }
}
