import { loadConfig, parseListen } from '../platform/config/config';
import { createGateway } from '../platform/server/app';
import { parseApps } from '../agent/apps';
import { enrollSelf } from '../agent/enrollSelf';

export interface StartFlags {
  listen?: string;
  kubeListen?: string;
  dbListen?: string;
  dataDir?: string;
  db?: string;
  config?: string;
  enrollSelf?: boolean;
  app: string[];
  appPublicAddr: string[];
}

/** `portcullis start`: runs the gateway (and, with --enroll-self, an agent beside it) until a signal stops it. */
export async function startGateway(opts: StartFlags): Promise<void> {
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
}
