import type { Identity } from '../../../platform/access/identity';
import { databaseListRefusal } from '../kind';
import type { DatabaseRecord, DatabaseRepo } from '../repo';

/** The database a client named, or why not: `missing` when there is none of that name at all. */
export type DatabaseChoice = { db: DatabaseRecord } | { refused: string; missing: boolean };

/** The database a client names, if it exists and the user's roles reach it at all (db_labels). */
export async function chooseDatabase(databases: DatabaseRepo, identity: Identity, name: string, now: number): Promise<DatabaseChoice> {
  const found = await databases.byName(name, now);
  if (!found.length) return { refused: `database ${name} was not found`, missing: true };
  const db = found.find((d) => !databaseListRefusal(identity, d));
  return db ? { db } : { refused: `access to database ${name} denied: ${databaseListRefusal(identity, found[0]!)}`, missing: false };
}
