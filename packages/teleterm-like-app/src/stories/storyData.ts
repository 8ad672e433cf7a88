import type { DaemonConnectionJson, DaemonProfileJson, NodeJson } from '@portcullis/shared';

export const production: DaemonProfileJson = {
  id: 'gateway-example-com-3080',
  proxy: 'https://gateway.example.com:3080',
  clusterName: 'production',
  user: 'alice',
  expires: '2030-01-01T00:00:00Z',
  loggedIn: true,
};

export const staging: DaemonProfileJson = {
  id: 'staging-example-com-3080',
  proxy: 'https://staging.example.com:3080',
  clusterName: 'staging',
  user: 'alice',
  expires: '2025-01-01T00:00:00Z',
  loggedIn: false,
};

export const orders: DaemonConnectionJson = {
  id: 'conn-orders',
  profile: production.id,
  clusterId: 'production',
  kind: 'db',
  database: 'orders',
  protocol: 'postgres',
  dbUser: 'reporting',
  dbName: 'orders',
  port: 54321,
  connected: true,
};

export const cache: DaemonConnectionJson = {
  id: 'conn-cache',
  profile: production.id,
  clusterId: 'production',
  kind: 'db',
  database: 'cache',
  protocol: 'redis',
  dbUser: 'default',
  port: 6390,
  connected: false,
  error: 'port 6390 is in use',
};

const node = (id: string, hostname: string, addr: string, env: string): NodeJson => ({
  kind: 'node',
  id,
  siteId: 'production',
  hostname,
  addr,
  tunnel: false,
  tags: [{ name: 'env', value: env }],
  sshLogins: ['root', 'ubuntu'],
});

export const nodes = [
  node('n-1', 'web-1', '10.0.0.11:22', 'prod'),
  node('n-2', 'web-2', '10.0.0.12:22', 'prod'),
  node('n-3', 'db-1', '10.0.0.21:22', 'prod'),
];
