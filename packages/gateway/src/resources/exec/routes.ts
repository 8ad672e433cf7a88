import { websocketPaths } from '@portcullis/shared';
import { recordEvent } from '../../management/audit/record';
import { clusterParams } from '../../platform/clusters/schemas';
import type { Gateway } from '../../platform/server/context';
import type { SessionCore } from '../core/sessionCore';
import { holdIncoming } from '../core/socket';
import { execQuery } from './schemas';

/**
 * The command websocket: runs one command without a PTY on a node (through its agent or over OpenSSH) after the
 * terminal's access checks, streams stdout and stderr as terminal data frames, and closes with the exit code.
 * It is a tracked session that ends with a non-interactive session.end event, after an exec (or exec
 * failure) event naming the command.
 */
export function execRoutes(gw: Gateway, core: SessionCore) {
  gw.socket(websocketPaths.commandExecute, {
    access: { signedIn: 'who may run commands as which login on which node is decided per node in the handler, by the roles' },
    params: clusterParams,
    query: execQuery,
    handler: async (socket, { identity, query, req }) => {
      const held = holdIncoming(socket);
      const p = query.params;
      const admission = await core.admitSocket(socket, { kind: 'node', id: p.server_id, identity: identity!, login: p.login, remoteAddr: req.ip, refusedEvent: 'SESSION_REJECTED' });
      if (!admission) return;
      await core.start(admission, {
        socket,
        held,
        open: { type: 'exec', command: p.command },
        onEnd: ({ exit }, fields) => {
          const ran = exit.code === 0 ? { name: 'EXEC' as const, detail: {} } : { name: 'EXEC_FAILURE' as const, detail: { exitError: exit.error ?? `exit status ${exit.code}` } };
          return recordEvent(gw.store, ran.name, { ...fields, command: p.command, 'addr.remote': req.ip, ...(exit.code !== null ? { exitCode: exit.code } : {}), ...ran.detail });
        },
      });
    },
  });
}
