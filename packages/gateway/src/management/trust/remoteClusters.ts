import type { Store } from '../../platform/storage/store';
import type { RemoteClusterRow } from './tables';

/** A leaf that joined this gateway, as the root keeps it. */
export interface RemoteCluster {
  name: string;
  lastConnected: number;
  nodeCount: number;
  publicUrl: string;
  version: string;
}

const toRecord = (r: Omit<RemoteClusterRow, 'secret_hash' | 'created_at'>): RemoteCluster => ({
  name: r.name,
  lastConnected: Number(r.last_connected),
  nodeCount: Number(r.node_count),
  publicUrl: r.public_url,
  version: r.version,
});

/** The leaves that joined this root, with the hash of the identity each was issued. */
export function remoteClusterRepo(store: Store) {
  return {
    async create(c: RemoteCluster & { secretHash: string }, now: number): Promise<void> {
      await store.db
        .insertInto('remote_clusters')
        .values({ name: c.name, secret_hash: c.secretHash, last_connected: c.lastConnected, node_count: c.nodeCount, public_url: c.publicUrl, version: c.version, created_at: now })
        .execute();
    },

    async secretHash(name: string): Promise<string | undefined> {
      return (await store.db.selectFrom('remote_clusters').select('secret_hash').where('name', '=', name).executeTakeFirst())?.secret_hash;
    },

    async seen(name: string, at: { lastConnected: number; nodeCount: number; publicUrl?: string; version?: string }): Promise<void> {
      await store.db
        .updateTable('remote_clusters')
        .set({ last_connected: at.lastConnected, node_count: at.nodeCount, ...(at.publicUrl !== undefined && { public_url: at.publicUrl }), ...(at.version !== undefined && { version: at.version }) })
        .where('name', '=', name)
        .execute();
    },

    async list(): Promise<RemoteCluster[]> {
      const rows = await store.db.selectFrom('remote_clusters').select(['name', 'last_connected', 'node_count', 'public_url', 'version']).orderBy('name').execute();
      return rows.map(toRecord);
    },
  };
}

export type RemoteClusterRepo = ReturnType<typeof remoteClusterRepo>;
