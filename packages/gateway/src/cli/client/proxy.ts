import type { Command } from 'commander';
import type { WhoFlags } from './databases';

/** `portcullis proxy …`: local ports that reach resources through the gateway. */
export function proxyCommands(program: Command, out: (line: string) => void) {
  const proxy = program.command('proxy').description('reach resources through the gateway from a local port');

  proxy
    .command('app')
    .description('listen on 127.0.0.1 and carry each connection to a TCP app through the gateway')
    .argument('<name>', "the app's name")
    .option('--port <n>', 'the local port (0: any free port, printed)', '0')
    .option('--cluster <name>', 'the cluster the app is in (default: the profile’s)')
    .action(async (name: string, flags: { port: string; cluster?: string }) => (await import('./proxyApp')).proxyApp(name, flags, out));

  proxy
    .command('db')
    .description("listen on 127.0.0.1 and carry each connection to a database through the gateway, which checks and audits every statement")
    .argument('<name>', "the database's name")
    .option('--port <n>', 'the local port (0: any free port, printed)', '0')
    .option('--db-user <user>', 'the database user, for clients that do not name one (Redis)')
    .option('--db-name <name>', 'the database name (Redis: its number), for clients that do not name one')
    .option('--cluster <name>', 'the cluster the database is in (default: the profile’s)')
    .action(async (name: string, flags: WhoFlags & { port: string }) => (await import('./databases')).proxyDb(name, flags, out));
}
