import { Command } from 'commander';
import { loadConfig, parseListen } from './config/config';
import { createGateway } from './server/app';

const program = new Command('portcullis').description('Portcullis: one gateway to your infrastructure');

program
  .command('start')
  .description('run the gateway and serve the console under /web')
  .option('--listen <host:port>', 'address to listen on (default 127.0.0.1:3080)')
  .option('--data-dir <dir>', 'where the gateway keeps its data (default ./data)')
  .option('--config <file>', 'YAML configuration file')
  .action(async (opts: { listen?: string; dataDir?: string; config?: string }) => {
    const config = loadConfig(opts.config, { listen: opts.listen, dataDir: opts.dataDir });
    const app = await createGateway(config);
    const { host, port } = parseListen(config.listen);
    await app.listen({ host, port });
    const stop = async (signal: string) => {
      app.log.info({ signal }, 'shutting down');
      await app.close();
      process.exit(0);
    };
    process.once('SIGINT', () => void stop('SIGINT'));
    process.once('SIGTERM', () => void stop('SIGTERM'));
  });

program.parseAsync().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
