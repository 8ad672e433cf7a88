import type { Kysely } from 'kysely';
import type { Engine } from '../engine';

/**
 * Second factors: devices, pending challenges and recovery codes; headless sign-in requests; and whether a web
 * session was itself approved with a second factor (a headless one is, so it satisfies per-session MFA).
 */
export function mfaMigration(engine: Engine) {
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mfa_devices')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull().references('users.name').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('totp_secret', 'text')
        .addColumn('totp_last_step', bigint)
        .addColumn('credential_id', 'text', (c) => c.unique())
        .addColumn('public_key', 'text')
        .addColumn('sign_count', bigint, (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('resident_key', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('added_at', bigint, (c) => c.notNull())
        .addColumn('last_used', bigint, (c) => c.notNull())
        .addUniqueConstraint('mfa_devices_username_name', ['username', 'name'])
        .execute();
      await db.schema
        .createTable('mfa_challenges')
        .addColumn('challenge', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.references('users.name').onDelete('cascade'))
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text')
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('expires_at', bigint, (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('recovery_codes')
        .addColumn('username', 'text', (c) => c.notNull().references('users.name').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('used_at', bigint)
        .addPrimaryKeyConstraint('recovery_codes_pk', ['username', 'code_hash'])
        .execute();
      await db.schema
        .createTable('headless_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull().references('users.name').onDelete('cascade'))
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('client_ip', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('expires_at', bigint, (c) => c.notNull())
        .addColumn('decided_at', bigint)
        .execute();
      await db.schema.alterTable('web_sessions').addColumn('mfa_verified', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
  };
}
