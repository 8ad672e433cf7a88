import path from 'node:path';
import { Agent } from './agent';
import { parseApps } from './apps';
import { parseCommandLabels, type AgentFlags } from './command';
import { parseDatabaseMatchers, parseDatabases } from './databases';
import { rdpOpener } from './desktops/rdp';
import { parseDesktops } from './desktops';
import { parseKubeClusters } from './kubeClusters';
import { parseLabels } from './labels';

/** `portcullis agent`: runs the agent until the gateway refuses it or a signal stops it. */
export async function runAgent(opts: AgentFlags): Promise<void> {
  const agent = new Agent({
    gateway: opts.gateway,
    token: opts.token,
    dataDir: opts.dataDir,
    labels: parseLabels(opts.labels),
    commandLabels: parseCommandLabels(opts.commandLabels),
    commandLabelIntervalMs: Number(opts.commandLabelsInterval) * 1000,
    apps: parseApps(opts.app, opts.appPublicAddr),
    databases: parseDatabases(opts.db),
    ...(opts.dbMatch.length && { databaseMatchers: parseDatabaseMatchers(opts.dbMatch) }),
    desktops: parseDesktops(opts.desktop, opts.desktopOs),
    kubeClusters: parseKubeClusters(opts.kube, (m) => console.error(`[agent] ${m}`)),
    // FreeRDP pins each RDP server's certificate the first time (trust on first use) in the agent's own data.
    openRdp: rdpOpener({ certificateStore: path.join(opts.dataDir, 'rdp') }),
    ...(opts.hostname ? { hostname: opts.hostname } : {}),
  });
  agent.on('rejected', (why) => {
    console.error(`the gateway refused this agent: ${why}`);
    process.exit(2);
  });
  await agent.start();
  const stop = async () => {
    await agent.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}
