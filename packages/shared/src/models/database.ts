import { sortLabels, type Label } from './labels';

/** Display names of database protocols. */
export const databaseProtocolNames: Readonly<Record<string, string>> = {
  postgres: 'PostgreSQL',
  mysql: 'MySQL/MariaDB',
  mongodb: 'MongoDB',
  sqlserver: 'SQL Server',
  redis: 'Redis',
  oracle: 'Oracle',
  cockroachdb: 'CockroachDB',
  cassandra: 'Cassandra',
  elasticsearch: 'Elasticsearch',
};

/** Display names of database hosting types. */
export const databaseTypeTitles: Readonly<Record<string, string>> = {
  rds: 'RDS',
  rdsproxy: 'RDS Proxy',
  redshift: 'Redshift',
  'redshift-serverless': 'Redshift Serverless',
  elasticache: 'ElastiCache',
  memorydb: 'MemoryDB',
  keyspace: 'Keyspaces',
  dynamodb: 'DynamoDB',
  opensearch: 'OpenSearch',
  'self-hosted': 'Self-hosted',
  gcp: 'Cloud SQL',
  azure: 'Azure',
  snowflake: 'Snowflake',
};

// These services speak one protocol only, so naming the protocol too would only repeat it.
const singleProtocolTypes = new Set(['redshift', 'redshift-serverless', 'elasticache', 'memorydb', 'keyspace', 'dynamodb', 'opensearch', 'snowflake']);

export const databaseProtocolName = (protocol: string): string => databaseProtocolNames[protocol] ?? protocol;

/** e.g. 'RDS PostgreSQL', 'Self-hosted MySQL/MariaDB', 'DynamoDB'. */
export function databaseTypeTitle(type: string, protocol: string): string {
  const title = databaseTypeTitles[type] ?? type;
  return singleProtocolTypes.has(type) ? title : `${title} ${databaseProtocolName(protocol)}`;
}

export interface DatabaseJson {
  name: string;
  desc?: string;
  type: string;
  protocol: string;
  labels?: Label[];
  database_names?: string[];
  database_users?: string[];
  hostname?: string;
  aws?: { rds?: { resource_id?: string } };
}

export interface Database {
  name: string;
  description: string;
  type: string;
  protocol: string;
  labels: Label[];
  names: string[];
  users: string[];
  hostname: string;
  aws?: { rds: { resourceId: string } };
}

export function makeDatabase(json: DatabaseJson): Database {
  return {
    name: json.name,
    description: json.desc ?? '',
    type: databaseTypeTitle(json.type, json.protocol),
    protocol: json.protocol,
    labels: sortLabels(json.labels),
    names: json.database_names ?? [],
    users: json.database_users ?? [],
    hostname: json.hostname ?? '',
    ...(json.aws?.rds ? { aws: { rds: { resourceId: json.aws.rds.resource_id ?? '' } } } : {}),
  };
}

export interface DatabaseServiceJson {
  name: string;
  resource_matchers?: Array<{ labels: Record<string, string | string[]> }>;
}

export interface DatabaseService {
  name: string;
  matcherLabels: Record<string, string[]>;
}

/** Merges every resource matcher's labels into one name → values map. */
export function makeDatabaseService(json: DatabaseServiceJson): DatabaseService {
  const matcherLabels: Record<string, string[]> = {};
  for (const matcher of json.resource_matchers ?? []) {
    for (const [name, value] of Object.entries(matcher.labels)) {
      matcherLabels[name] = [...(matcherLabels[name] ?? []), ...(Array.isArray(value) ? value : [value])];
    }
  }
  return { name: json.name, matcherLabels };
}
