import { LiveSessions } from '../livesessions/hub';
import { RecordingStore } from '../recordings/store';
import type { Gateway } from '../../platform/server/context';
import { UserCertificateAuthority } from '../connectors/openssh/ca';
import { OpenSshClient, parseSshAddr } from '../connectors/openssh/client';
import { openSshExec } from '../exec/openSshExec';
import { agentChannel, agentShell } from '../terminal/agentChannel';
import type { ShellChannel, ShellRequest } from '../terminal/channel';
import { openSshShell } from '../terminal/openSshChannel';
import { SessionTracker } from '../terminal/tracker';
import { JoinTokenService } from '../../management/tokens/service';
import { AgentRegistry } from '../connectors/agent/registry';
import { nodeRepo, type NodeRecord, type NodeRepo } from './repo';

export interface ServersOptions {
  /** How often agents heartbeat; their nodes leave the list after three missed beats (at once on disconnect). */
  heartbeatMs?: number;
}

/** Everything the servers domain shares between its routes: registry, CA, session tracker. */
export interface Servers {
  nodes: NodeRepo;
  tokens: JoinTokenService;
  agents: AgentRegistry;
  ca: UserCertificateAuthority;
  ssh: OpenSshClient;
  tracker: SessionTracker;
  /** Recording and joining of the tracker's sessions. */
  live: LiveSessions;
  /** Opens a shell on a node through its agent or over OpenSSH; throws with a user-facing reason. */
  openShell(node: NodeRecord, request: ShellRequest, user: string): ShellChannel;
  /** Runs one command without a PTY on a node, the same two ways; throws with a user-facing reason. */
  openCommand(node: NodeRecord, request: { login: string; command: string }, user: string): ShellChannel;
}

export class NodeUnreachableError extends Error {}

export function createServers(gw: Gateway, options: ServersOptions = {}): Servers {
  const nodes = nodeRepo(gw.store);
  const tokens = new JoinTokenService(gw.store, gw.now);
  const agents = new AgentRegistry(gw.store, nodes, tokens, gw.now, { heartbeatMs: options.heartbeatMs ?? 5_000 });
  const ca = UserCertificateAuthority.loadOrCreate(gw.config.dataDir);
  const ssh = new OpenSshClient(ca, gw.config.dataDir);
  const tracker = new SessionTracker(gw.now);
  const agentOf = (node: NodeRecord) => {
    const mux = agents.connection(node.id);
    if (!mux) throw new NodeUnreachableError(`node ${node.hostname} is offline: its agent is not connected`);
    return mux;
  };
  return {
    nodes,
    tokens,
    agents,
    ca,
    ssh,
    tracker,
    live: new LiveSessions(gw, tracker, new RecordingStore(gw.config.dataDir)),
    openShell(node, request, user) {
      if (!node.tunnel) return openSshShell(ssh, parseSshAddr(node.addr), request, `${user}@${gw.config.clusterName}`);
      return agentShell(agentOf(node), request);
    },
    openCommand(node, { login, command }, user) {
      if (!node.tunnel) return openSshExec(ssh, parseSshAddr(node.addr), login, command, `${user}@${gw.config.clusterName}`);
      return agentChannel(agentOf(node), { kind: 'exec', login, command });
    },
  };
}
