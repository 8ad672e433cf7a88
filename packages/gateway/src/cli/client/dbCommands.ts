import type { Command } from 'commander';
import type { WhoFlags } from './databases';

/**
 * `portcullis db connect NAME --db-user U [--db-name N]`: the database's own client (psql, mysql, redis-cli)
 * through the gateway; `portcullis db login NAME`: a certificate for the gateway's database listener, for any
 * client.
 */
export function dbCommands(program: Command) {
  const db = program.command('db').description('use databases through the gateway');
  db.command('connect')
    .description("run the database's own client (psql, mysql or redis-cli) through the gateway")
    .argument('<name>', "the database's name")
    .argument('[clientArgs...]', "more arguments for the client, after --, e.g. -- -c 'select 1'")
    .requiredOption('--db-user <user>', 'the database user to connect as (your roles’ db_users)')
    .option('--db-name <name>', 'the database name (your roles’ db_names; Redis: its number)')
    .option('--cluster <name>', 'the cluster the database is in (default: the profile’s)')
    .action(async (name: string, clientArgs: string[], flags: WhoFlags & { dbUser: string }) => (await import('./databases')).connectDb(name, clientArgs, flags));

  db.command('login')
    .description("get a short-lived certificate for the gateway's database listener (PostgreSQL, Redis) and print how to connect with it")
    .argument('<name>', "the database's name")
    .option('--db-user <user>', 'the database user, for the printed connection settings')
    .option('--db-name <name>', 'the database name, for the printed connection settings')
    .option('--ttl <duration>', 'how long the certificate lives, e.g. 30m (at most an hour, never past your session)')
    .option('--cluster <name>', 'the cluster the database is in (default: the profile’s)')
    .action(async (name: string, flags: WhoFlags & { ttl?: string }) => (await import('./databases')).loginDb(name, flags));
}
