import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { Identity } from '../../platform/access/identity';
import { recordEvent } from '../../management/audit/record';
import { sessionJson } from '../livesessions/presenter';
import { recordingEnabled } from '../livesessions/policy';
import { NodeUnreachableError, type Servers } from '../nodes/servers';
import type { Gateway } from '../../platform/server/context';
import { admitSession } from '../terminal/access';
import { bridge, sendControl, type holdIncoming } from '../terminal/bridge';
import { refuse } from '../terminal/routes';
import type { ExecParams } from './schemas';

/** The tracker describes every session with a terminal size; a command has none, so it gets the default window. */
const noTerminal = { w: 80, h: 24 };

/**
 * Runs one command without a PTY on a node (through its agent or over OpenSSH) after the terminal's access checks, streams stdout and
 * stderr as terminal data frames, and closes with the exit code. It is a tracked session that ends with a
 * non-interactive session.end event, plus an exec (or exec failure) event naming the command.
 */
export async function runCommand(gw: Gateway, servers: Servers, socket: WebSocket, identity: Identity, p: ExecParams, remoteAddr: string, release: ReturnType<typeof holdIncoming>): Promise<void> {
  const node = await admitSession(gw, servers.nodes, identity, p.server_id, p.login, remoteAddr);
  if (typeof node === 'string') return refuse(socket, node);
  const user = identity.user.name;
  let channel;
  try {
    channel = servers.openCommand(node, { login: p.login, command: p.command }, user);
  } catch (err) {
    if (err instanceof NodeUnreachableError) return refuse(socket, err.message);
    throw err;
  }
  const sid = randomUUID();
  const partyId = randomUUID();
  const session = servers.tracker.start(
    { id: sid, kind: 'ssh', login: p.login, serverId: node.id, serverHostname: node.hostname, serverAddr: node.addr, clusterName: gw.config.clusterName, owner: user, terminal: noTerminal },
    { id: partyId, user, remoteAddr },
  );
  sendControl(socket, { type: 'session', session: sessionJson(session) });
  const common = { user, sid, login: p.login, server_id: node.id, server_hostname: node.hostname, server_addr: node.addr, namespace: 'default' };
  bridge(socket, channel, {
    onInput: () => servers.tracker.touch(sid, partyId),
    onResize: () => undefined,
    onEnd: (exit) => {
      const ended = servers.tracker.end(sid);
      const ran = exit.code === 0 ? { name: 'EXEC' as const, detail: {} } : { name: 'EXEC_FAILURE' as const, detail: { exitError: exit.error ?? `exit status ${exit.code}` } };
      const end = {
        ...common,
        participants: [user],
        interactive: false,
        // The output is streamed, not recorded; the field still says what the owner's roles ask for.
        session_recording: recordingEnabled(identity.roles) ? 'on' : 'off',
        session_start: new Date(session.created).toISOString(),
        session_stop: new Date(ended?.ended ?? gw.now()).toISOString(),
        ...(exit.error ? { error: exit.error } : {}),
        ...(exit.code !== null ? { exit_code: exit.code } : {}),
      };
      void recordEvent(gw.store, ran.name, { ...common, command: p.command, 'addr.remote': remoteAddr, ...(exit.code !== null ? { exitCode: exit.code } : {}), ...ran.detail })
        .then(() => recordEvent(gw.store, 'SESSION_END', end))
        .catch((err: Error) => process.emitWarning(`could not audit command session ${sid}: ${err.message}`));
    },
  }, release());
}
