import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface AgentIdentity {
  agentId: string;
  secret: string;
}

/** The identity the gateway issued after the join token, kept so the token is used only once. */
export function readIdentity(dataDir: string): AgentIdentity | undefined {
  try {
    // Agents that joined before agents had ids of their own kept their node's id, which the gateway took over as theirs.
    const value = JSON.parse(readFileSync(path.join(dataDir, 'identity.json'), 'utf8')) as Partial<AgentIdentity> & { nodeId?: string };
    const agentId = value.agentId ?? value.nodeId;
    return agentId && value.secret ? { agentId, secret: value.secret } : undefined;
  } catch {
    return undefined;
  }
}

export function writeIdentity(dataDir: string, identity: AgentIdentity): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(path.join(dataDir, 'identity.json'), JSON.stringify(identity), { mode: 0o600 });
}
