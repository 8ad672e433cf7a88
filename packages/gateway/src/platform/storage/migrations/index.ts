import { Migrator, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../engine';
import { coreMigration } from './0001_core';
import { serversMigration } from '../../../resources/nodes/migration';

/**
 * Every schema change, in order. Names sort lexically, so each domain's migration carries a number; a
 * domain that owns tables adds its entry here.
 */
export function migrations(engine: Engine): Record<string, Migration> {
  return {
    '0001_core': coreMigration(engine),
    '0002_servers': serversMigration(engine),
  };
}

export async function migrate(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations(engine) } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
