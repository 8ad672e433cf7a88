import { websocketPaths } from '@portcullis/shared';
import type { Gateway } from '../../platform/server/context';
import { holdIncoming, refuse } from '../core/socket';
import { impersonationFor } from './impersonation';
import { kubeListRefusal } from './kind';
import type { KubeClusterRepo } from './repo';
import { kubeExecQuery, kubeExecRouteParams } from './schemas';
import type { KubeSessions } from './session/kubeSessions';

/** The console's terminal on a pod: the terminal protocol, over a session the core owns (kubeSessions.ts). */
export function kubeSocketRoutes(gw: Gateway, clusters: KubeClusterRepo, sessions: KubeSessions) {
  gw.socket(websocketPaths.kubeExec, {
    access: { signedIn: 'who may exec as which Kubernetes user on which cluster is decided per cluster in the handler, by the roles' },
    params: kubeExecRouteParams,
    query: kubeExecQuery,
    handler: async (socket, { identity, params, query, req }) => {
      const held = holdIncoming(socket);
      const p = query.params;
      const cluster = (await clusters.byName(params.kubeCluster, gw.now())).find((c) => !kubeListRefusal(identity!, c));
      if (!cluster) return refuse(socket, `no Kubernetes cluster ${params.kubeCluster} that you may reach (it may be offline)`);
      const as = impersonationFor(identity!, cluster, { user: p.kubernetes_user, groups: p.kubernetes_groups });
      if ('refusal' in as) return refuse(socket, as.refusal);
      const target = { namespace: p.namespace, pod: p.pod, ...(p.container && { container: p.container }), op: 'exec' as const, command: p.command, tty: true, stdin: true };
      await sessions.open(socket, held, { identity: identity!, cluster, as, target, term: p.term, remoteAddr: req.ip });
    },
  });
}
