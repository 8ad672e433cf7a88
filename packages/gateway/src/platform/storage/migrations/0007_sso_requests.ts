import type { Kysely } from 'kysely';
import type { Engine } from '../engine';

/** Pending single sign-on requests, shared by every gateway on the database so any of them can take the callback. */
export function ssoRequestsMigration(engine: Engine) {
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sso_requests')
        .addColumn('state_hash', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('connector', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('redirect_url', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('expires_at', bigint, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sso_requests_expires').on('sso_requests').column('expires_at').execute();
    },
  };
}
