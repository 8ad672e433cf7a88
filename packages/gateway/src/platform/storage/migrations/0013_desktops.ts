import type { Kysely } from 'kysely';
import type { Engine } from '../engine';

/**
 * Desktops agents announce (--desktop), listed with their labels as rows (like databases) so predicates and
 * roles' windows_desktop_labels filter in SQL, and the agents serving them. Both leave the lists when the
 * agent's heartbeats stop.
 */
export function desktopsMigration(engine: Engine) {
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('desktops')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('os', 'text', (c) => c.notNull())
        .addColumn('uri', 'text', (c) => c.notNull())
        .addColumn('addr', 'text', (c) => c.notNull())
        .addColumn('agent_id', 'text', (c) => c.notNull())
        .addColumn('labels', 'text', (c) => c.notNull())
        .addColumn('search_text', 'text', (c) => c.notNull())
        .addColumn('expires_at', bigint, (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('updated_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('desktops_name_id').on('desktops').columns(['name', 'id']).execute();
      await db.schema.createIndex('desktops_agent_id').on('desktops').columns(['agent_id', 'name']).execute();
      await db.schema
        .createTable('desktop_labels')
        .addColumn('desktop_id', 'text', (c) => c.notNull().references('desktops.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('desktop_labels_pk', ['desktop_id', 'name'])
        .execute();
      await db.schema.createIndex('desktop_labels_name_value').on('desktop_labels').columns(['name', 'value', 'desktop_id']).execute();
      await db.schema
        .createTable('desktop_services')
        .addColumn('agent_id', 'text', (c) => c.primaryKey())
        .addColumn('hostname', 'text', (c) => c.notNull())
        .addColumn('addr', 'text', (c) => c.notNull())
        .addColumn('labels', 'text', (c) => c.notNull())
        .addColumn('expires_at', bigint, (c) => c.notNull())
        .addColumn('updated_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('desktop_services_hostname').on('desktop_services').columns(['hostname', 'agent_id']).execute();
    },
  };
}
