import type { Kysely } from 'kysely';
import type { Engine } from '../engine';

/** Users, their tokens and web sessions, roles, the audit log and cluster metadata. */
export function coreMigration(engine: Engine) {
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('roles', 'text', (c) => c.notNull())
        .addColumn('traits', 'text', (c) => c.notNull())
        .addColumn('auth_type', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', bigint)
        .addColumn('created_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('user_tokens')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull().references('users.name').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('expires_at', bigint, (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('web_sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull().references('users.name').onDelete('cascade'))
        .addColumn('login_time', bigint, (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('expires_at', bigint, (c) => c.notNull())
        .addColumn('last_active', bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('web_sessions_username').on('web_sessions').column('username').execute();
      await db.schema
        .createTable('roles')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('resource', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('updated_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('events')
        .addColumn('id', engine === 'postgres' ? 'bigserial' : 'integer', (c) =>
          engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
        )
        .addColumn('time', bigint, (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      // Keyset pagination walks (time, id) both ways; the type index serves `include` filters.
      await db.schema.createIndex('events_time_id').on('events').columns(['time', 'id']).execute();
      await db.schema.createIndex('events_type_time_id').on('events').columns(['type', 'time', 'id']).execute();
      await db.schema
        .createTable('meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
