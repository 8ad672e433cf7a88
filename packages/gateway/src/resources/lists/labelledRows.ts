import type { Kysely } from 'kysely';
import type { Store } from '../../platform/storage/store';
import type { ListTable } from './sql';

/** kysely cannot type columns over a table named at run time; the kinds' own row types check their values. */
type NamedTables = Kysely<Record<string, Record<string, string | number | null>>>;

/**
 * Inserts or replaces one listed resource's row (`values`: its columns but id and created_at) and its label rows,
 * in `tx`: the label rows are what predicates and role selectors are answered from.
 */
export async function replaceLabelledRow(
  tx: Store,
  t: Pick<ListTable, 'table' | 'labels'>,
  id: string,
  values: Record<string, string | number | null>,
  labels: Record<string, string>,
  now: number,
): Promise<void> {
  const db = tx.db as unknown as NamedTables;
  await db
    .insertInto(t.table)
    .values({ id, created_at: now, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
  await db.deleteFrom(t.labels.table).where(t.labels.key, '=', id).execute();
  const rows = Object.entries(labels).map(([name, value]) => ({ [t.labels.key]: id, name, value }));
  if (rows.length) await db.insertInto(t.labels.table).values(rows).execute();
}
