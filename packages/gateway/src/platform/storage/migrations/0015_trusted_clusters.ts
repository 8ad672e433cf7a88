import type { Kysely } from 'kysely';
import type { Engine } from '../engine';

/** Trusted clusters: on a leaf, the roots it joins; on a root, the leaves that joined it. */
export function trustedClustersMigration(engine: Engine) {
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('trusted_clusters')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('identity_secret', 'text')
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('updated_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('remote_clusters')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('last_connected', bigint, (c) => c.notNull())
        .addColumn('node_count', 'integer', (c) => c.notNull())
        .addColumn('public_url', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .execute();
    },
  };
}
