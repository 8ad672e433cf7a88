import type { Kysely } from 'kysely';
import type { Engine } from '../engine';

/**
 * Applications agents serve, listed while their agent heartbeats, with their labels as rows (like nodes) so
 * predicates and roles' app_labels filter in SQL. `fqdn` is the host name the app is served under, which
 * the proxy routes requests by.
 */
export function appsMigration(engine: Engine) {
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('apps')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('uri', 'text', (c) => c.notNull())
        .addColumn('public_addr', 'text', (c) => c.notNull())
        .addColumn('fqdn', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('agent_id', 'text', (c) => c.notNull())
        .addColumn('labels', 'text', (c) => c.notNull())
        .addColumn('search_text', 'text', (c) => c.notNull())
        .addColumn('expires_at', bigint, (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('updated_at', bigint, (c) => c.notNull())
        .execute();
      // Keyset pages walk (sort field, id); the proxy finds an app by its host name.
      await db.schema.createIndex('apps_name_id').on('apps').columns(['name', 'id']).execute();
      await db.schema.createIndex('apps_uri_id').on('apps').columns(['uri', 'id']).execute();
      await db.schema.createIndex('apps_public_addr_id').on('apps').columns(['public_addr', 'id']).execute();
      await db.schema.createIndex('apps_fqdn').on('apps').column('fqdn').execute();
      await db.schema.createIndex('apps_agent_id').on('apps').columns(['agent_id', 'name']).execute();
      await db.schema
        .createTable('app_labels')
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('app_labels_pk', ['app_id', 'name'])
        .execute();
      await db.schema.createIndex('app_labels_name_value').on('app_labels').columns(['name', 'value', 'app_id']).execute();
    },
  };
}
