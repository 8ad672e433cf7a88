import type { Kysely } from 'kysely';
import type { Engine } from '../engine';

/** Integrations with outside services (AWS OIDC): what the gateway may call them as. */
export function integrationsMigration(engine: Engine) {
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('integrations')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('sub_kind', 'text', (c) => c.notNull())
        .addColumn('role_arn', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('updated_at', bigint, (c) => c.notNull())
        .execute();
    },
  };
}
