import type { Command } from 'commander';
import { collect } from '../agent/apps';
import type { StartFlags } from './startGateway';

export function startCommand(program: Command) {
  program
    .command('start')
    .description('run the gateway and serve the console under /web')
    .option('--listen <host:port>', 'address to listen on (default 127.0.0.1:3080)')
    .option('--data-dir <dir>', 'where the gateway keeps its data (default ./data)')
    .option('--db <url>', 'a postgres:// URL (default: SQLite in the data directory)')
    .option('--kube-listen <host:port>', "address of the Kubernetes API's TLS listener, for kubectl (default 127.0.0.1:3026)")
    .option('--db-listen <host:port>', 'address of the database listener, for clients with a certificate from portcullis db login (default 127.0.0.1:3027)')
    .option('--config <file>', 'YAML configuration file')
    .option('--enroll-self', 'also run an agent in this process, so this machine is a node at once')
    .option('--app <name=url>', 'with --enroll-self: the agent also serves this application (repeatable, as for portcullis agent)', collect, [])
    .option('--app-public-addr <[name=]addr>', 'with --enroll-self: an app\'s public address (repeatable, as for portcullis agent)', collect, [])
    .action(async (opts: StartFlags) => (await import('./startGateway')).startGateway(opts));
}
