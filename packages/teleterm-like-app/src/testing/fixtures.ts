import type { DaemonConnectionJson, DaemonProfileJson, DaemonWorkspaceJson } from '@portcullis/shared';

export const profile = (over: Partial<DaemonProfileJson> = {}): DaemonProfileJson => ({
  id: 'localhost-3080',
  proxy: 'https://localhost:3080',
  clusterName: 'localhost',
  user: 'alice',
  expires: '2030-01-01T00:00:00Z',
  loggedIn: true,
  ...over,
});

export const connection = (over: Partial<DaemonConnectionJson> = {}): DaemonConnectionJson => ({
  id: 'conn-1',
  profile: 'localhost-3080',
  clusterId: 'localhost',
  kind: 'db',
  database: 'orders',
  protocol: 'postgres',
  dbUser: 'postgres',
  dbName: 'test',
  port: 54321,
  connected: true,
  ...over,
});

export const workspace = (over: Partial<DaemonWorkspaceJson> = {}): DaemonWorkspaceJson => ({
  documents: [],
  ...over,
});

/** The path a profile's gateway API is reached at through the daemon. */
export const forwarded = (path: string, profileId = 'localhost-3080') =>
  `/v1/daemon/profiles/${profileId}/gateway${path}`;
