import { spawn } from 'node:child_process';
import type net from 'node:net';
import path from 'node:path';
import { ApiError, apiPaths, compilePath, queryString, websocketOrigin, websocketPaths, type DatabaseJson } from '@portcullis/shared';
import { libpqSettings, loginDatabase, redisCliArgs } from './dbLogin';
import { gatewayApi, type GatewayClient } from './http';
import { listenLocally, portFlag } from './localPort';
import { currentProfile, type Profile } from './profile';

/** A database on a signed-in gateway. */
export interface Target {
  profile: Profile;
  gateway: GatewayClient;
  cluster: string;
  database: string;
}

/**
 * The database's protocol, asked of the gateway before listening so a typo fails at once. Undefined when the
 * roles may not read databases: the gateway still decides at each connection.
 */
export async function protocolOf(t: Target): Promise<string | undefined> {
  try {
    return (await t.gateway.api.get<DatabaseJson>(compilePath(apiPaths.database, { clusterId: t.cluster, database: t.database }))).protocol;
  } catch (err) {
    if (err instanceof ApiError && err.status === 403) return undefined;
    if (err instanceof ApiError && err.status === 404) throw new Error(`database ${t.database} was not found, or your roles do not reach it`, { cause: err });
    throw err;
  }
}

const target = (database: string, cluster: string | undefined): Target => {
  const profile = currentProfile();
  return { profile, gateway: gatewayApi(profile.proxy, { csrf: profile.csrf, secret: profile.secret, token: profile.token }), cluster: cluster ?? profile.cluster, database };
};

/**
 * The database's socket on the gateway. The database user and name travel in the URL too: Redis's clients name
 * neither, and the others' names in their own opening win over these.
 */
export const socketUrl = (t: Target, who: { user?: string; name?: string }) =>
  websocketOrigin(t.profile.proxy) +
  compilePath(websocketPaths.databaseConnect, { clusterId: t.cluster, database: t.database }) +
  queryString({ access_token: t.profile.token, db_user: who.user, db_name: who.name });

/** The command line of the protocol's own client, pointed at the local port. */
export function clientCommand(protocol: string, port: number, who: { user: string; name?: string }): [string, string[]] {
  switch (protocol) {
    case 'postgres':
      return ['psql', [`host=127.0.0.1 port=${port} user=${who.user} sslmode=disable${who.name ? ` dbname=${who.name}` : ''}`]];
    case 'mysql':
      // The gateway's port speaks without TLS (the connection to the gateway is the websocket's).
      return ['mysql', ['-h', '127.0.0.1', '-P', String(port), '-u', who.user, '--skip-ssl', ...(who.name ? ['-D', who.name] : [])]];
    case 'redis':
      return ['redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...(who.name ? ['-n', who.name] : [])]];
    default:
      throw new Error(`the command line has no client for ${protocol} databases: use portcullis proxy db and a client of your own`);
  }
}

export interface WhoFlags {
  dbUser?: string;
  dbName?: string;
  cluster?: string;
}

/** `portcullis proxy db NAME [--port N] [--db-user U] [--db-name N]`: a local port any client of the database can use. */
export async function proxyDb(name: string, flags: WhoFlags & { port: string }, out: (line: string) => void): Promise<void> {
  const port = portFlag(flags.port);
  const t = target(name, flags.cluster);
  await protocolOf(t);
  const server = await listenLocally(port, socketUrl(t, { user: flags.dbUser, name: flags.dbName }), t.gateway, name);
  out(`Proxying database ${name} on 127.0.0.1:${(server.address() as net.AddressInfo).port}`);
  process.once('SIGINT', () => process.exit(0));
  process.once('SIGTERM', () => process.exit(0));
}

/**
 * The database's own client on the gateway's database listener, with a fresh certificate: for PostgreSQL, when
 * the gateway signs one (it will not when the roles want a second factor for every session, which only the
 * websocket path asks for). Undefined when the websocket path is to be used instead.
 */
async function directClient(t: Target, protocol: string, who: { user: string; name?: string }): Promise<[string, string[]] | undefined> {
  if (protocol !== 'postgres') return undefined;
  try {
    const { answer, files } = await loginDatabase(t);
    return ['psql', [libpqSettings(answer.listen_addr, files, who)]];
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) return undefined;
    throw err;
  }
}

/** Runs a client to completion, then exits with its exit code. */
async function runClient([command, args]: [string, string[]], clientArgs: string[]): Promise<never> {
  const child = spawn(command, [...args, ...clientArgs], { stdio: 'inherit' });
  const code = await new Promise<number>((resolve, reject) => {
    child.once('error', (err) => reject(new Error(`cannot run ${command}: ${err.message} (is it installed?)`)));
    child.once('exit', (c) => resolve(c ?? 1));
  });
  process.exit(code);
}

/** `portcullis db connect NAME --db-user U [--db-name N]`: the database's own client (psql, mysql, redis-cli) through the gateway. */
export async function connectDb(name: string, clientArgs: string[], flags: WhoFlags & { dbUser: string }): Promise<never> {
  const t = target(name, flags.cluster);
  const protocol = await protocolOf(t);
  if (!protocol) throw new Error(`your roles may not read database ${name}'s details, so its client cannot be chosen: use portcullis proxy db ${name} and a client of your own`);
  const who = { user: flags.dbUser, ...(flags.dbName !== undefined && { name: flags.dbName }) };
  const direct = await directClient(t, protocol, who);
  if (direct) return runClient(direct, clientArgs);
  const server = await listenLocally(0, socketUrl(t, who), t.gateway, name);
  return runClient(clientCommand(protocol, (server.address() as net.AddressInfo).port, who), clientArgs);
}

/** `portcullis db login NAME`: a certificate for the gateway's database listener, for any client. */
export async function loginDb(name: string, flags: WhoFlags & { ttl?: string }): Promise<void> {
  const t = target(name, flags.cluster);
  const protocol = await protocolOf(t);
  const { answer, files } = await loginDatabase(t, flags.ttl);
  const print = (line: string) => process.stdout.write(`${line}\n`);
  print(`Logged into database ${name} as ${t.profile.user} until ${answer.expires}; the key and certificate are in ${path.dirname(files.cert)}.`);
  if (protocol === 'redis') {
    print(`Connect with: redis-cli ${redisCliArgs(answer.listen_addr, files).join(' ')}`);
  } else {
    print(`Connect with: psql "${libpqSettings(answer.listen_addr, files, { user: flags.dbUser, name: flags.dbName })}"`);
  }
}
