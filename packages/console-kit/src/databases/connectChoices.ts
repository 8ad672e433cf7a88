import type { Database } from '@portcullis/shared';

/** What the roles allow for one of user or name: the values to pick from, and whether any other may be typed. */
export interface Choices {
  values: string[];
  /** '*' among the allowed values, or none listed: the person types the value. */
  free: boolean;
  initial: string;
}

/** The protocols the browser's query console speaks. */
const consoleProtocols = new Set(['postgres', 'mysql', 'redis']);
export const hasQueryConsole = (db: Pick<Database, 'protocol'>) => consoleProtocols.has(db.protocol);

/** Ports the clients of each protocol expect, for the local proxy; others get the PostgreSQL one. */
const defaultPorts: Record<string, number> = { postgres: 5432, mysql: 3306, redis: 6379 };
export const defaultPort = (db: Pick<Database, 'protocol'>) => defaultPorts[db.protocol] ?? 5432;

function choices(allowed: string[], fallback = ''): Choices {
  const values = allowed.filter((v) => v !== '*');
  return {
    values,
    free: values.length < allowed.length || allowed.length === 0,
    initial: values[0] ?? fallback,
  };
}

export const userChoices = (db: Database): Choices => choices(db.users);

/** A Redis "database name" is one of its numbered databases, 0 unless the person picks another. */
export const nameChoices = (db: Database): Choices => choices(db.names, db.protocol === 'redis' ? '0' : '');

const loginFlags = (dbUser: string, dbName: string) =>
  `--db-user ${dbUser || '<user>'} --db-name ${dbName || '<name>'}`;

/** Runs the protocol's own client (psql, mysql, redis-cli) through the gateway. */
export const connectCommand = (db: Pick<Database, 'name'>, dbUser: string, dbName: string) =>
  `portcullis db connect ${db.name} ${loginFlags(dbUser, dbName)}`;

/** A local port for any client; the gateway's socket for it names the user and database too. */
export const proxyCommand = (db: Pick<Database, 'name' | 'protocol'>, dbUser: string, dbName: string) =>
  `portcullis proxy db ${db.name} ${loginFlags(dbUser, dbName)} --port ${defaultPort(db)}`;
