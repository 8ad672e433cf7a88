import type { Command } from 'commander';
import { loadConfig, parseListen } from '../platform/config/config';
import { createGateway } from '../platform/server/app';
import { collect, parseApps } from '../agent/apps';
import { enrollSelf } from '../agent/enrollSelf';

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
    .action(async (opts: { listen?: string; kubeListen?: string; dbListen?: string; dataDir?: string; db?: string; config?: string; enrollSelf?: boolean; app: string[]; appPublicAddr: string[] }) => {
      const apps = parseApps(opts.app, opts.appPublicAddr);
      if (apps.length && !opts.enrollSelf) throw new Error('--app needs --enroll-self: the apps are served by the agent it runs');
      const config = loadConfig(opts.config, {
        listen: opts.listen,
        dataDir: opts.dataDir,
        db: opts.db,
        ...(opts.kubeListen && { kubernetes: { listen: opts.kubeListen } }),
        ...(opts.dbListen && { databases: { listen: opts.dbListen } }),
      });
      const server = await createGateway(config);
      const { host, port } = parseListen(config.listen);
      const url = await server.listen(host, port);
      // One write, so whoever reads the output (a person, a start script) gets the invite with the address.
      const lines = [`Portcullis is listening on ${url}/web`];
      if (server.adminInvite) lines.push(`First start: set the password of user admin at ${url}/web/invite/${server.adminInvite}`);
      console.log(lines.join('\n'));
      const self = opts.enrollSelf ? await enrollSelf(server, url, config.dataDir, apps) : undefined;
      const stop = async (signal: string) => {
        server.app.log.info({ signal }, 'shutting down');
        await self?.stop();
        await server.close();
        process.exit(0);
      };
      process.once('SIGINT', () => void stop('SIGINT'));
      process.once('SIGTERM', () => void stop('SIGTERM'));
    });
}
