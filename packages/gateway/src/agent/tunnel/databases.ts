/**
 * The rules a database's announcement follows, checked by the agent when it reads its flags (so a typo fails at
 * once) and by the gateway when an agent announces or a person enrols one.
 */
import type { DatabaseProtocol } from '../../resources/databases/protocols/protocol';

/** URI schemes the agent connects with, and the protocol each speaks. */
const schemes: Record<string, DatabaseProtocol> = { postgres: 'postgres', postgresql: 'postgres', mysql: 'mysql', mariadb: 'mysql', redis: 'redis', rediss: 'redis' };
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
   * TLS to the database (rediss://, postgres:// with sslmode=verify-full or verify-ca, mysql:// with
   * ssl-mode=VERIFY_IDENTITY or VERIFY_CA): its certificate must chain to the system's CAs, or to the CA
   * certificates in `caFile` (a path on the agent's host: rediss's `cacert`, libpq's `sslrootcert`, MySQL's
   * `ssl-ca`), and name the host unless `checkHost` is false (verify-ca, VERIFY_CA).
   */
  tls?: { caFile?: string; checkHost: boolean };
}

/** What the agent honours, for a URI with a parameter it does not. */
const honoured =
  'TLS to a database is rediss://…[?cacert=FILE], postgres://…?sslmode=verify-full (or verify-ca)[&sslrootcert=FILE] or mysql://…?ssl-mode=VERIFY_IDENTITY (or VERIFY_CA)[&ssl-ca=FILE]';

/**
 * The parameters PostgreSQL's and MySQL's own clients take for TLS, and their values: TLS checking the name and
 * the chain, the chain only, or the clear. The other values are refused, each with why: it would leave the
 * certificate unchecked or allow the clear, where the URI's author may believe otherwise.
 */
const clientTls = {
  postgres: {
    mode: 'sslmode',
    ca: 'sslrootcert',
    verifyFull: 'verify-full',
    verifyCa: 'verify-ca',
    clear: 'disable',
    refused: {
      allow: 'the connection could fall back to the clear',
      prefer: 'the connection could fall back to the clear',
      require: "the server's certificate would not be checked",
    } as Record<string, string>,
  },
  mysql: {
    mode: 'ssl-mode',
    ca: 'ssl-ca',
    verifyFull: 'VERIFY_IDENTITY',
    verifyCa: 'VERIFY_CA',
    clear: 'DISABLED',
    refused: {
      PREFERRED: 'the connection could fall back to the clear',
      REQUIRED: "the server's certificate would not be checked",
    } as Record<string, string>,
  },
};

/** The TLS a URI's parameters ask for; throws with what is wrong. */
function tlsOf(scheme: string, protocol: DatabaseProtocol, params: URLSearchParams, shown: string): DatabaseTarget['tls'] {
  const refuse = (why: string) => new Error(`database URI "${shown}" ${why}`);
  const known = scheme === 'rediss' ? ['cacert'] : protocol === 'redis' ? [] : [clientTls[protocol].mode, clientTls[protocol].ca];
  for (const name of params.keys()) if (!known.includes(name)) throw refuse(`has the parameter "${name}", which the agent does not honour: ${honoured}`);
  if (scheme === 'rediss') {
    const caFile = params.get('cacert');
    return { ...(caFile && { caFile }), checkHost: true };
  }
  if (protocol === 'redis') return undefined;
  const rules = clientTls[protocol];
  // MySQL's clients take its modes in any case; libpq's are lower-case.
  const given = params.get(rules.mode);
  const mode = given !== null && protocol === 'mysql' ? given.toUpperCase() : given;
  const caFile = params.get(rules.ca);
  const verifying = `${rules.mode}=${rules.verifyFull} or ${rules.verifyCa}`;
  if (mode === null || mode === rules.clear) {
    if (caFile !== null) throw refuse(`has ${rules.ca} without ${verifying}, so it would go unused`);
    return undefined;
  }
  if (mode === rules.verifyFull || mode === rules.verifyCa) return { ...(caFile && { caFile }), checkHost: mode === rules.verifyFull };
  const why = rules.refused[mode];
  throw refuse(`has ${rules.mode}=${given}, which the agent does not honour${why ? `: ${why}` : ''}; it takes ${verifying}`);
}

/** Reads a database URI (postgres://, mysql://, redis://, rediss://); throws with what is wrong. */
export function databaseTarget(uri: string): DatabaseTarget {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new Error(`database URI "${withoutPassword(uri)}" is not a URL: expected postgres://HOST[:PORT][/DB][?sslmode=verify-full], mysql://HOST[:PORT][/DB][?ssl-mode=VERIFY_IDENTITY], redis://HOST[:PORT] or rediss://HOST[:PORT][?cacert=FILE]`);
  }
  const scheme = url.protocol.slice(0, -1);
  const protocol = schemes[scheme];
  if (!protocol) throw new Error(`database URI "${withoutPassword(uri)}" must start with postgres://, mysql://, redis:// or rediss://`);
  const tls = tlsOf(scheme, protocol, url.searchParams, withoutPassword(uri));
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
    ...(tls && { tls }),
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
