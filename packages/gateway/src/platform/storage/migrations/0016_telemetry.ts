import type { Kysely } from 'kysely';
import type { Engine } from '../engine';

/** The console's telemetry (discover steps, calls to action), kept by the gateway and sent nowhere. */
export function telemetryMigration(engine: Engine) {
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('telemetry_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('telemetry_events_created_at').on('telemetry_events').columns(['created_at', 'id']).execute();
    },
  };
}
