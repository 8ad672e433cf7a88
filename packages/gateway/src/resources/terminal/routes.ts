import { randomUUID } from 'node:crypto';
import { terminalParams, type TerminalParams } from '@portcullis/shared';
import { z } from 'zod';
import type { WebSocket } from 'ws';
import { recordEvent } from '../../management/audit/record';
import type { Identity } from '../../platform/access/identity';
import { NodeUnreachableError, type Servers } from '../nodes/servers';
import type { Gateway } from '../../platform/server/context';
import { admitSession } from './access';
import { bridge, holdIncoming, sendControl } from './bridge';
import { jsonQueryParam } from './query';
import { sessionJson } from '../livesessions/presenter';

const connectQuery = z.object({
  access_token: z.string().min(1),
  params: jsonQueryParam(terminalParams),
  traceparent: z.string().max(128).optional(),
});

/** Refuses inside the terminal: the user reads why, then the socket closes. */
export function refuse(socket: WebSocket, message: string): void {
  sendControl(socket, { type: 'error', message });
  sendControl(socket, { type: 'close', reason: message });
  socket.close(1000, 'refused');
}

/** The terminal websocket: access checks, then a shell on the node bridged to the browser, audited start to end. */
export function terminalRoutes(gw: Gateway, servers: Servers) {
  gw.socket('/v1/webapi/sites/:clusterId/connect', {
    access: { signedIn: 'who may open which login on which node is decided per node in the handler, by the roles' },
    params: z.object({ clusterId: z.string().min(1) }),
    query: connectQuery,
    handler: async (socket, { identity, params, query, req }) => {
      const release = holdIncoming(socket);
      if (params.clusterId !== gw.config.clusterName) return refuse(socket, `no cluster named ${params.clusterId}`);
      await openSession(socket, identity!, query.params, req.ip, release);
    },
  });

  async function openSession(socket: WebSocket, identity: Identity, p: TerminalParams, remoteAddr: string, release: () => Parameters<typeof bridge>[3]): Promise<void> {
    if (p.sid) return servers.live.join(socket, identity, p, remoteAddr, release, (message) => refuse(socket, message));
    const node = await admitSession(gw, servers.nodes, identity, p.server_id, p.login, remoteAddr);
    if (typeof node === 'string') return refuse(socket, node);
    const user = identity.user.name;
    const sid = randomUUID();
    let channel;
    try {
      channel = servers.openShell(node, { login: p.login, term: p.term, sessionId: sid }, user);
    } catch (err) {
      if (err instanceof NodeUnreachableError) return refuse(socket, err.message);
      throw err;
    }
    const partyId = randomUUID();
    const session = servers.tracker.start(
      { id: sid, kind: 'ssh', login: p.login, serverId: node.id, serverHostname: node.hostname, serverAddr: node.addr, clusterName: gw.config.clusterName, owner: user, terminal: p.term },
      { id: partyId, user, remoteAddr },
    );
    const owned = servers.live.attach(session, identity, channel, socket, partyId);
    sendControl(socket, { type: 'session', session: sessionJson(session) });
    const common = { user, sid, login: p.login, server_id: node.id, server_hostname: node.hostname, server_addr: node.addr, namespace: 'default' };
    // The start event is written while the shell starts, not before: the audit write stays off the path to the prompt.
    const started = recordEvent(gw.store, 'SESSION_START', { ...common, size: `${p.term.w}:${p.term.h}`, 'addr.remote': remoteAddr, interactive: true });
    bridge(socket, owned, {
      onInput: () => servers.tracker.touch(sid, partyId),
      onResize: (w, h) => {
        servers.tracker.resize(sid, w, h);
        void recordEvent(gw.store, 'TERMINAL_RESIZE', { user, sid, size: `${w}:${h}` }).catch(() => undefined);
      },
      onEnd: (exit) => {
        const ended = servers.tracker.end(sid);
        const fields = {
          ...common,
          participants: [user],
          interactive: true,
          ...servers.live.takeEndFields(sid),
          session_start: new Date(session.created).toISOString(),
          session_stop: new Date(ended?.ended ?? gw.now()).toISOString(),
          ...(exit.error ? { error: exit.error } : {}),
          ...(exit.code !== null ? { exit_code: exit.code } : {}),
        };
        void started.then(() => recordEvent(gw.store, 'SESSION_END', fields)).catch(() => undefined);
      },
    }, release());
    sendControl(socket, { type: 'audit', event: await started });
  }
}
