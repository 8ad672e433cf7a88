import { agentTunnelPath } from '../../../agent/agent';
import type { Gateway } from '../../../platform/server/context';
import type { AgentRegistry } from './registry';

/** Agents dial in here on the gateway's one public port; their first message proves who they are. */
export function tunnelRoutes(gw: Gateway, agents: AgentRegistry) {
  gw.socket(agentTunnelPath, {
    access: { public: 'agents have no web session: they authenticate in their first message (join token, then issued identity)' },
    handler: (socket, { req }) => agents.accept(socket, req.ip),
  });
}
