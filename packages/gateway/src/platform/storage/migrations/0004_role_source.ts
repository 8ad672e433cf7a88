import type { Kysely } from 'kysely';

/**
 * Roles keep the YAML they were written in: saving one no longer rewrites it (comments, key order and the
 * layout people chose survive). Roles written before have no source and are shown as the gateway renders them.
 */
export function roleSourceMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('roles').addColumn('source', 'text').execute();
    },
  };
}
