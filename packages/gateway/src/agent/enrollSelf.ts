import os from 'node:os';
import path from 'node:path';
import type { GatewayServer } from '../platform/server/app';
import { JoinTokenService } from '../management/tokens/service';
import { Agent } from './agent';
import type { AgentApp } from './apps';
import { readIdentity } from './identity';

/**
 * `portcullis start --enroll-self`: runs an agent inside the gateway's process so this machine is a node
 * from the first start (serving `apps` too, from `--app`). The first time it mints a short join token for itself; later starts reuse the
 * identity kept in the data directory. The caller stops the agent before closing the gateway.
 */
export async function enrollSelf(server: GatewayServer, url: string, dataDir: string, apps: AgentApp[] = []): Promise<Agent> {
  const agentDir = path.join(dataDir, 'agent');
  let token: string | undefined;
  if (!readIdentity(agentDir)) {
    const tokens = new JoinTokenService(server.store, server.gw.now);
    token = (await tokens.create('system', { roles: ['Node'], join_method: 'token', expires_in: 5 * 60_000 })).value;
  }
  const agent = new Agent({
    gateway: url,
    token,
    dataDir: agentDir,
    labels: { enrolled: 'self' },
    commandLabels: { kernel: 'uname -sr' },
    apps,
    hostname: os.hostname(),
    log: (message) => server.app.log.info({ agent: 'self' }, message),
  });
  await agent.start();
  return agent;
}
