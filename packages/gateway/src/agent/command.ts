import type { Command } from 'commander';
import { collect } from './apps';
import { parseLabels } from './labels';

export interface AgentFlags {
  gateway: string;
  token?: string;
  labels: string;
  commandLabels: string;
  commandLabelsInterval: string;
  dataDir: string;
  hostname?: string;
  app: string[];
  appPublicAddr: string[];
  db: string[];
  dbMatch: string[];
  desktop: string[];
  desktopOs: string[];
  kube: string[];
}

/** `portcullis agent`: run the node agent on this host. */
export function agentCommand(program: Command) {
  program
    .command('agent')
    .description('run the agent: dial out to the gateway and serve shells on this host as a node, and any applications, databases, desktops and Kubernetes clusters given')
    .requiredOption('--gateway <url>', "the gateway's public URL, e.g. https://portcullis.example.com:3080")
    .option('--token <token>', 'join token (needed the first time; the agent keeps the identity it is issued)')
    .option('--labels <k=v,...>', 'static labels of this node', '')
    .option('--command-labels <k=cmd;...>', 'labels whose value is the output of a shell command, refreshed periodically', '')
    .option('--command-labels-interval <seconds>', 'how often command labels are recomputed', '60')
    .option('--data-dir <dir>', 'where the agent keeps its identity', '/var/lib/portcullis-agent')
    .option('--hostname <name>', 'the name this node is listed under (default: the host name)')
    .option('--app <name=url>', 'also serve an application: http(s)://host[:port] or tcp://host:port (repeatable)', collect, [])
    .option('--app-public-addr <[name=]addr>', "an app's public address (default NAME.<gateway's host>); NAME= may be left out with one --app (repeatable)", collect, [])
    .option('--db <name=uri>', 'also serve a database: postgres://user[:password]@host[:port][/db][?sslmode=verify-full[&sslrootcert=FILE]], mysql://…[?ssl-mode=VERIFY_IDENTITY[&ssl-ca=FILE]], redis://… or rediss://…[?cacert=FILE] (repeatable); the password stays with the agent', collect, [])
    .option('--db-match <label=value>', 'also serve the databases enrolled from the console whose labels match (repeatable; *=* for all)', collect, [])
    .option('--desktop <name=uri>', 'also serve a desktop: vnc://[:password@]host:port or rdp://[user[:password]@]host[:port] (repeatable); the password stays with the agent', collect, [])
    .option('--desktop-os <name=os>', "a desktop's OS, linux or windows (default linux for vnc://, windows for rdp://; repeatable)", collect, [])
    .option('--kube <name=kubeconfig>', "also serve a Kubernetes cluster, reached with the kubeconfig's current context (repeatable); its credentials stay with the agent", collect, [])
    .action(async (opts: AgentFlags) => (await import('./runAgent')).runAgent(opts));
}

/** `name=command;name2=command2` (commands may contain commas, so pairs are separated by semicolons). */
export function parseCommandLabels(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of text.split(';').map((p) => p.trim()).filter(Boolean)) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new Error(`invalid command label "${pair}": expected name=command`);
    const name = pair.slice(0, eq).trim();
    parseLabels(`${name}=x`); // the same naming rule as static labels
    out[name] = pair.slice(eq + 1);
  }
  return out;
}
