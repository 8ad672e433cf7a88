import type { Kysely, RawBuilder } from 'kysely';
import type { Tables } from '../../platform/storage/tables';
import type { KeysetQuery } from './page';

/** The tables of the kinds agents announce: rows listed while their agent heartbeats, found again on reconnection. */
export type AnnouncedTableName = 'nodes' | 'apps' | 'databases' | 'desktops' | 'kube_clusters';

/** The columns the shared queries rely on, which every announced kind's table has. */
interface AnnouncedRow {
  id: string;
  agent_id: string | null;
  labels: string;
  expires_at: number | null;
  updated_at: number;
  /** The naming and sort columns, which differ by kind (hostname, addr; name, uri, public_addr). */
  [column: string]: string | number | null;
}

/**
 * kysely cannot resolve its column types over a generic table name, so the shared queries run against this view
 * of the database; the spec's types (checked against the real table in `announcedTable`'s signature) are what
 * callers see.
 */
type AnnouncedDb = Kysely<Record<AnnouncedTableName, AnnouncedRow>>;

type ColumnOf<T extends AnnouncedTableName> = keyof Tables[T] & string;

export interface AnnouncedTableSpec<T extends AnnouncedTableName, C extends ColumnOf<T>, R> {
  /** The query builder (the store's, or a transaction's). */
  db: () => Kysely<Tables>;
  table: T;
  /** The column naming the resource under its agent (nodes.hostname, apps.name). */
  nameColumn: ColumnOf<T>;
  /** The columns a page reads, and their row → record mapping. */
  columns: readonly C[];
  toRecord: (row: Pick<Tables[T], C>) => R;
  /** The condition a row is listed under at `now`. */
  live: (now: number) => RawBuilder<boolean>;
}

/**
 * The queries an announced kind's repo shares with the others: its list's keyset source (page, count, labelsOf,
 * see lists/page.ts) and the agent-facing lookups (idServedBy, touchServedBy).
 */
export function announcedTable<T extends AnnouncedTableName, C extends ColumnOf<T>, R, F extends ColumnOf<T>>(spec: AnnouncedTableSpec<T, C, R>) {
  const { table, nameColumn, columns, toRecord, live } = spec;
  // Type assertion at the table-name boundary (see AnnouncedDb); page's rows are asserted back to the real table's.
  const db = () => spec.db() as unknown as AnnouncedDb;
  // Widened from the generic parameters, which kysely would otherwise carry into its (then unresolvable) types.
  const from: AnnouncedTableName = table;
  const name: string = nameColumn;

  return {
    /** The id of the resource an agent serves under this name, so the agent's reconnection finds its resource again. */
    async idServedBy(agentId: string, resourceName: string): Promise<string | undefined> {
      const row = await db().selectFrom(from).select('id').where('agent_id', '=', agentId).where(name, '=', resourceName).executeTakeFirst();
      return row?.id;
    },

    /** Keeps the resources an agent serves listed until `expiresAt` (now, when the agent has gone). */
    async touchServedBy(agentId: string, expiresAt: number, now: number): Promise<void> {
      await db().updateTable(from).set({ expires_at: expiresAt, updated_at: now }).where('agent_id', '=', agentId).execute();
    },

    /** The live resources named `name`, the latest announced first (several agents may serve one name). */
    async byName(resourceName: string, now: number): Promise<R[]> {
      const rows = await db().selectFrom(from).select(columns).where(live(now)).where(name, '=', resourceName).orderBy('updated_at', 'desc').orderBy('id').limit(100).execute();
      return (rows as unknown as Pick<Tables[T], C>[]).map(toRecord);
    },

    /** One page in (sort field, id) order; asks for one row more than the limit to know if a next page exists. */
    async page(q: KeysetQuery<F>): Promise<{ rows: R[]; more: boolean }> {
      const { dir } = q.sort;
      const field: string = q.sort.field;
      const cmp = dir === 'asc' ? '>' : '<';
      let query = db().selectFrom(from).select(columns).where(live(q.now));
      for (const c of q.conditions) query = query.where(c);
      const after = q.after;
      if (after) query = query.where((eb) => eb.or([eb(field, cmp, after.value), eb.and([eb(field, '=', after.value), eb('id', cmp, after.id)])]));
      const rows = (await query.orderBy(field, dir).orderBy('id', dir).limit(q.limit + 1).execute()) as unknown as Pick<Tables[T], C>[];
      return { rows: rows.slice(0, q.limit).map(toRecord), more: rows.length > q.limit };
    },

    async count(now: number, conditions: RawBuilder<boolean>[]): Promise<number> {
      let query = db().selectFrom(from).select((eb) => eb.fn.countAll<number>().as('n')).where(live(now));
      for (const c of conditions) query = query.where(c);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },

    /** Every live row's labels under the conditions (for counting when roles must be applied row by row). */
    async labelsOf(now: number, conditions: RawBuilder<boolean>[]): Promise<{ id: string; labels: Record<string, string> }[]> {
      let query = db().selectFrom(from).select(['id', 'labels']).where(live(now));
      for (const c of conditions) query = query.where(c);
      return (await query.execute()).map((r) => ({ id: r.id, labels: JSON.parse(r.labels) as Record<string, string> }));
    },
  };
}
