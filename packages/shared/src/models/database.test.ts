import { databaseProtocolName, databaseTypeTitle, makeDatabase, makeDatabaseService } from './database';

test.each([
  ['postgres', 'PostgreSQL'],
  ['mysql', 'MySQL/MariaDB'],
  ['mongodb', 'MongoDB'],
  ['sqlserver', 'SQL Server'],
  ['redis', 'Redis'],
  ['oracle', 'Oracle'],
  ['cockroachdb', 'CockroachDB'],
  ['cassandra', 'Cassandra'],
  ['elasticsearch', 'Elasticsearch'],
])('protocol %s is called %s', (protocol, name) => {
  expect(databaseProtocolName(protocol)).toBe(name);
});

test.each([
  ['rds', 'postgres', 'RDS PostgreSQL'],
  ['rdsproxy', 'mysql', 'RDS Proxy MySQL/MariaDB'],
  ['redshift', 'postgres', 'Redshift'],
  ['redshift-serverless', 'postgres', 'Redshift Serverless'],
  ['elasticache', 'redis', 'ElastiCache'],
  ['memorydb', 'redis', 'MemoryDB'],
  ['keyspace', 'cassandra', 'Keyspaces'],
  ['dynamodb', 'dynamodb', 'DynamoDB'],
  ['opensearch', 'opensearch', 'OpenSearch'],
  ['self-hosted', 'mongodb', 'Self-hosted MongoDB'],
  ['gcp', 'postgres', 'Cloud SQL PostgreSQL'],
  ['azure', 'sqlserver', 'Azure SQL Server'],
  ['snowflake', 'snowflake', 'Snowflake'],
])('type %s with %s is titled %s', (type, protocol, title) => {
  expect(databaseTypeTitle(type, protocol)).toBe(title);
});

test('a database row', () => {
  expect(
    makeDatabase({
      name: 'orders',
      desc: 'Orders',
      type: 'rds',
      protocol: 'postgres',
      labels: [{ name: 'env', value: 'prod' }],
      database_names: ['orders'],
      database_users: ['app'],
      hostname: 'orders.rds.example.com',
      aws: { rds: { resource_id: 'db-ABC' } },
    }),
  ).toEqual({
    name: 'orders',
    description: 'Orders',
    type: 'RDS PostgreSQL',
    protocol: 'postgres',
    labels: [{ name: 'env', value: 'prod' }],
    names: ['orders'],
    users: ['app'],
    hostname: 'orders.rds.example.com',
    aws: { rds: { resourceId: 'db-ABC' } },
  });
});

test('a database service merges its matcher labels', () => {
  expect(
    makeDatabaseService({ name: 'svc', resource_matchers: [{ labels: { env: 'prod' } }, { labels: { env: ['dev'], team: 'a' } }] }),
  ).toEqual({ name: 'svc', matcherLabels: { env: ['prod', 'dev'], team: ['a'] } });
});
