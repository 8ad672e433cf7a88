import { terminalParams, websocketPaths } from '@portcullis/shared';
import { z } from 'zod';
import { jsonQueryParam } from '../../platform/access/jsonQueryParam';
import { clusterParams } from '../../platform/clusters/schemas';
import type { Gateway } from '../../platform/server/context';
import type { SessionCore } from '../core/sessionCore';
import { holdIncoming } from '../core/socket';
import { relayJoin } from '../livesessions/relayJoin';

const connectQuery = z.object({
  access_token: z.string().min(1),
  params: jsonQueryParam(terminalParams),
  traceparent: z.string().max(128).optional(),
});

/** The terminal websocket: a shell on a node, or joining a running session, through the session core. */
export function terminalRoutes(gw: Gateway, core: SessionCore) {
  gw.socket(websocketPaths.terminal, {
    access: { signedIn: 'who may open which login on which node is decided per node in the handler, by the roles' },
    params: clusterParams,
    query: connectQuery,
    handler: async (socket, { identity, query, req }) => {
      const held = holdIncoming(socket);
      const p = query.params;
      const holder = p.sid && !core.get(p.sid) ? core.peers?.holderOf(p.sid) : undefined;
      if (holder) return relayJoin(socket, holder, req, held, p.sid!);
      if (p.sid) return core.join(socket, identity!, p.sid, p.mode, req.ip, held);
      const admission = await core.admitSocket(socket, { kind: 'node', id: p.server_id, identity: identity!, login: p.login, remoteAddr: req.ip, refusedEvent: 'SESSION_REJECTED' });
      if (!admission) return;
      await core.start(admission, { socket, held, open: { type: 'shell', term: p.term } });
    },
  });
}
