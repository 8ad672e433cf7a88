import type { Duplex } from 'node:stream';
import type { AgentRegistry } from '../connectors/agent/registry';
import { dialThroughAgent } from '../connectors/agent/dialStream';
import type { AppRecord } from './repo';

/**
 * A byte stream to an app, through the tunnel of the agent serving it: the agent connects to the app's host
 * and port, and the gateway speaks HTTP (or TLS, or whatever a TCP app's client speaks) over it.
 */
export const dialApp = (agents: AgentRegistry, app: AppRecord): Promise<Duplex> =>
  dialThroughAgent(agents, { agentId: app.agentId, kind: 'app', id: app.id, request: { op: 'dial' }, what: `app ${app.name}` });
