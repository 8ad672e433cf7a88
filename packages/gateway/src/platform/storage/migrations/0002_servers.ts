import type { Kysely } from 'kysely';
import type { Engine } from '../engine';

/** Nodes (agent and OpenSSH), their labels as rows for predicate and role filtering, and join tokens. */
export function serversMigration(engine: Engine) {
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('nodes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('hostname', 'text', (c) => c.notNull())
        .addColumn('addr', 'text', (c) => c.notNull())
        .addColumn('tunnel', 'integer', (c) => c.notNull())
        .addColumn('labels', 'text', (c) => c.notNull())
        .addColumn('search_text', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text')
        .addColumn('expires_at', bigint)
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('updated_at', bigint, (c) => c.notNull())
        .execute();
      // Keyset pages walk (sort field, id).
      await db.schema.createIndex('nodes_hostname_id').on('nodes').columns(['hostname', 'id']).execute();
      await db.schema.createIndex('nodes_addr_id').on('nodes').columns(['addr', 'id']).execute();
      await db.schema
        .createTable('node_labels')
        .addColumn('node_id', 'text', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('node_labels_pk', ['node_id', 'name'])
        .execute();
      await db.schema.createIndex('node_labels_name_value').on('node_labels').columns(['name', 'value', 'node_id']).execute();
      await db.schema
        .createTable('join_tokens')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('roles', 'text', (c) => c.notNull())
        .addColumn('join_method', 'text', (c) => c.notNull())
        .addColumn('suggested_labels', 'text', (c) => c.notNull())
        .addColumn('expires_at', bigint, (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .execute();
    },
  };
}
