/**
 * The rules a database's announcement follows, checked by the agent when it reads its flags (so a typo fails at
 * once) and by the gateway when an agent announces or a person enrols one.
 */
import type { DatabaseProtocol } from '../../resources/databases/protocols/protocol';

/** URI schemes the agent connects with, and the protocol each speaks. */
const schemes: Record<string, DatabaseProtocol> = { postgres: 'postgres', postgresql: 'postgres', mysql: 'mysql', mariadb: 'mysql', redis: 'redis', rediss: 'redis' };
/** Schemes whose connection to the database is TLS, the server's certificate verified. */
const tlsSchemes = new Set(['rediss']);
const defaultPorts: Record<DatabaseProtocol, number> = { postgres: 5432, mysql: 3306, redis: 6379 };

const databaseName = /^[a-z0-9]([a-z0-9_.-]{0,61}[a-z0-9])?$/;

/** Why `name` cannot name a database, or undefined. */
export function databaseNameProblem(name: string): string | undefined {
  return databaseName.test(name) ? undefined : `database name "${name}" must be lower-case letters, digits, '-', '_' and '.', at most 63, starting and ending with a letter or digit`;
}

export interface DatabaseTarget {
  protocol: DatabaseProtocol;
  host: string;
  port: number;
  /** The user and password the URI holds, if any: the agent's own credentials for that user. */
  user?: string;
  password?: string;
  /** The database the URI names (its path), if any. */
  database?: string;
  /**
   * TLS to the database (rediss://): its certificate is checked against the system's CAs, or against the CA
   * certificates in `caFile` (a path on the agent's host, the URI's `cacert` parameter), and must name the host.
   */
  tls?: { caFile?: string };
}

/** Reads a database URI (postgres://, mysql://, redis://, rediss://); throws with what is wrong. */
export function databaseTarget(uri: string): DatabaseTarget {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new Error(`database URI "${withoutPassword(uri)}" is not a URL: expected postgres://HOST[:PORT][/DB], mysql://HOST[:PORT][/DB], redis://HOST[:PORT] or rediss://HOST[:PORT][?cacert=FILE]`);
  }
  const scheme = url.protocol.slice(0, -1);
  const protocol = schemes[scheme];
  if (!protocol) throw new Error(`database URI "${withoutPassword(uri)}" must start with postgres://, mysql://, redis:// or rediss://`);
  const tls = tlsSchemes.has(scheme);
  // A parameter the agent would ignore (libpq's sslmode=require, say) must not leave the connection in the clear
  // while its author believes otherwise.
  for (const name of url.searchParams.keys()) {
    if (tls && name === 'cacert') continue;
    throw new Error(`database URI "${withoutPassword(uri)}" has the parameter "${name}", which the agent does not honour: TLS to a database is rediss:// (with cacert=FILE for a private CA); PostgreSQL and MySQL are reached without TLS`);
  }
  const caFile = url.searchParams.get('cacert');
  // None of these schemes is special to WHATWG URL, so an IPv6 literal keeps its brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!host) throw new Error(`database URI "${withoutPassword(uri)}" names no host`);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  return {
    protocol,
    host,
    port: url.port ? Number(url.port) : defaultPorts[protocol],
    ...(url.username && { user: decodeURIComponent(url.username) }),
    ...(url.password && { password: decodeURIComponent(url.password) }),
    ...(database && { database }),
    ...(tls && { tls: caFile ? { caFile } : {} }),
  };
}

/** The URI as it may be shown and stored by the gateway: the password left out. */
export function withoutPassword(uri: string): string {
  try {
    const url = new URL(uri);
    url.password = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    // Not a URL: the password cannot be told apart, so nothing after the scheme is shown.
    return uri.replace(/\/\/.*$/, '//…');
  }
}

/** Why a database cannot be served, or undefined. */
export function databaseProblem(name: string, uri: string): string | undefined {
  const named = databaseNameProblem(name);
  if (named) return named;
  try {
    databaseTarget(uri);
  } catch (err) {
    return (err as Error).message;
  }
  return undefined;
}
