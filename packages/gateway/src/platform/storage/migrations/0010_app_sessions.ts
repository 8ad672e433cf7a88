import type { Kysely } from 'kysely';
import type { Engine } from '../engine';

/**
 * App sessions (hashes of their two cookie secrets, the web session each belongs to) and the key pairs that
 * sign the identity header apps receive, kept in the database so every gateway on it signs with the same key.
 */
export function appSessionsMigration(engine: Engine) {
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('app_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('value_hash', 'text', (c) => c.notNull().unique())
        .addColumn('subject_hash', 'text', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull().references('users.name').onDelete('cascade'))
        .addColumn('web_session_hash', 'text', (c) => c.notNull())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('app_name', 'text', (c) => c.notNull())
        .addColumn('public_addr', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('expires_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('app_sessions_expires_at').on('app_sessions').column('expires_at').execute();
      await db.schema
        .createTable('app_jwt_keys')
        .addColumn('kid', 'text', (c) => c.primaryKey())
        .addColumn('private_jwk', 'text', (c) => c.notNull())
        .addColumn('public_jwk', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .execute();
    },
  };
}
