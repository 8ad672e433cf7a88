import type { Kysely } from 'kysely';
import type { Engine } from '../engine';

/**
 * Databases, listed with their labels as rows (like nodes and apps) so predicates and roles' db_labels filter in
 * SQL. An agent's --db database leaves the list when the agent's heartbeats stop; one enrolled from the console
 * (agent_id null) stays until deleted and is served by any agent whose database service matches its labels.
 * Events gain the session id as a column, so one session's events (a database session's statements) are found
 * by index.
 */
export function databasesMigration(engine: Engine) {
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('databases')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('protocol', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('uri', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('agent_id', 'text')
        .addColumn('labels', 'text', (c) => c.notNull())
        .addColumn('search_text', 'text', (c) => c.notNull())
        .addColumn('expires_at', bigint)
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('updated_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('databases_name_id').on('databases').columns(['name', 'id']).execute();
      await db.schema.createIndex('databases_protocol_id').on('databases').columns(['protocol', 'id']).execute();
      await db.schema.createIndex('databases_type_id').on('databases').columns(['type', 'id']).execute();
      await db.schema.createIndex('databases_agent_id').on('databases').columns(['agent_id', 'name']).execute();
      await db.schema
        .createTable('database_labels')
        .addColumn('database_id', 'text', (c) => c.notNull().references('databases.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('database_labels_pk', ['database_id', 'name'])
        .execute();
      await db.schema.createIndex('database_labels_name_value').on('database_labels').columns(['name', 'value', 'database_id']).execute();
      await db.schema
        .createTable('database_services')
        .addColumn('agent_id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('matchers', 'text', (c) => c.notNull())
        .addColumn('expires_at', bigint, (c) => c.notNull())
        .addColumn('updated_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('database_services_name').on('database_services').columns(['name', 'agent_id']).execute();
      await db.schema.alterTable('events').addColumn('sid', 'text').execute();
      await db.schema.createIndex('events_sid_time_id').on('events').columns(['sid', 'time', 'id']).execute();
    },
  };
}
