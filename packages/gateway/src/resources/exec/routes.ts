import type { Servers } from '../nodes/servers';
import type { Gateway } from '../../platform/server/context';
import { clusterParams } from '../../platform/clusters/schemas';
import { holdIncoming } from '../terminal/bridge';
import { refuse } from '../terminal/routes';
import { execQuery } from './schemas';
import { runCommand } from './service';

/** The command websocket: runs one command without a terminal on a node, streaming its output and exit code. */
export function execRoutes(gw: Gateway, servers: Servers) {
  gw.socket('/v1/webapi/command/:clusterId/execute', {
    access: { signedIn: 'who may run commands as which login on which node is decided per node in the handler, by the roles' },
    params: clusterParams,
    query: execQuery,
    handler: async (socket, { identity, params, query, req }) => {
      const release = holdIncoming(socket);
      if (params.clusterId !== gw.config.clusterName) return refuse(socket, `no cluster named ${params.clusterId}`);
      await runCommand(gw, servers, socket, identity!, query.params, req.ip, release);
    },
  });
}
