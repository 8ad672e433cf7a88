import type { LockTargets } from '@portcullis/shared';
import type { Store } from '../../platform/storage/store';
import type { StoredLock } from './lock';
import type { LockRow } from './tables';

const toLock = (row: LockRow): StoredLock => ({
  name: row.name,
  targets: JSON.parse(row.targets) as LockTargets,
  message: row.message,
  // PostgreSQL hands bigints back as strings.
  expiresAt: row.expires_at === null ? null : Number(row.expires_at),
  createdAt: Number(row.created_at),
  createdBy: row.created_by,
});

/** The locks table. Pass the transaction's store to write within it. */
export function lockRepo(store: Store) {
  return {
    async insert(lock: StoredLock): Promise<void> {
      await store.db
        .insertInto('locks')
        .values({
          name: lock.name,
          targets: JSON.stringify(lock.targets),
          message: lock.message,
          expires_at: lock.expiresAt,
          created_at: lock.createdAt,
          created_by: lock.createdBy,
        })
        .execute();
    },

    /** The locks not expired at `now`, newest first. Expired rows stay until deleted: they simply stop applying. */
    async inForce(now: number): Promise<StoredLock[]> {
      const rows = await store.db
        .selectFrom('locks')
        .selectAll()
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .orderBy('created_at', 'desc')
        .orderBy('name')
        .execute();
      return rows.map(toLock);
    },

    async get(name: string): Promise<StoredLock | undefined> {
      const row = await store.db.selectFrom('locks').selectAll().where('name', '=', name).executeTakeFirst();
      return row && toLock(row);
    },

    /** Removes locks that expired before `now`; they no longer apply, so nothing reads them. */
    async deleteExpired(now: number): Promise<void> {
      await store.db.deleteFrom('locks').where('expires_at', 'is not', null).where('expires_at', '<=', now).execute();
    },

    /** False when there was no such lock. */
    async delete(name: string): Promise<boolean> {
      const result = await store.db.deleteFrom('locks').where('name', '=', name).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
