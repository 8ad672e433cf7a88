import { randomUUID } from 'node:crypto';
import { apiPaths, type ConnectionDiagnosticJson } from '@portcullis/shared';
import { clusterParams } from '../../platform/clusters/schemas';
import type { Gateway } from '../../platform/server/context';
import type { SessionCore } from '../core/sessionCore';
import { nodeChecks } from './nodeChecks';
import { appChecks, databaseChecks, kubeChecks, type ResourceCheckDeps } from './resourceChecks';
import { diagnosticBody, type DiagnosticRequest } from './schemas';
import type { Trace } from './trace';

/**
 * POST /sites/{id}/diagnostics/connections: a connection test that makes a real attempt (a command as the login
 * on a node, a login to a database, a connection to an app, a Kubernetes API call) and returns each step as a
 * trace, stopping at the first that fails, whose error says what to do about it.
 */
export function diagnosticRoutes(gw: Gateway, core: SessionCore, deps: ResourceCheckDeps) {
  const run = (identity: Parameters<typeof nodeChecks>[1], body: DiagnosticRequest, remoteAddr: string): Promise<Trace[]> => {
    switch (body.resource_kind) {
      case 'node':
        return nodeChecks({ core, agents: deps.agents, store: gw.store, clusterName: gw.config.clusterName }, identity, body.resource_name, body.ssh_principal, remoteAddr);
      case 'db':
        return databaseChecks(deps, identity, body.resource_name, body.database_user, body.database_name);
      case 'app':
        return appChecks(deps, identity, body.resource_name);
      case 'kube_cluster':
        return kubeChecks(deps, identity, body.resource_name, body.kubernetes_impersonation);
    }
  };

  gw.route('POST', apiPaths.connectionDiagnostics, {
    access: { resource: 'connection_diagnostic', verb: 'create' },
    params: clusterParams,
    body: diagnosticBody,
    handler: async ({ identity, body, req }) => {
      const traces = await run(identity!, body, req.ip);
      const failure = traces.find((t) => t.status === 'FAILED');
      return { id: randomUUID(), success: !failure, message: failure ? (failure.error ?? 'failed') : 'success', traces } satisfies ConnectionDiagnosticJson;
    },
  });
}
