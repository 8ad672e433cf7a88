import type { Kysely } from 'kysely';
import type { Engine } from '../engine';

/** Single sign-on connectors (oidc, saml, github), one table keyed by kind and name. */
export function authConnectorsMigration(engine: Engine) {
  const bigint = engine === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('auth_connectors')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('resource', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint, (c) => c.notNull())
        .addColumn('updated_at', bigint, (c) => c.notNull())
        .addPrimaryKeyConstraint('auth_connectors_pk', ['kind', 'name'])
        .execute();
    },
  };
}
