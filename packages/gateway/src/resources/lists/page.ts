import type { RawBuilder } from 'kysely';
import { decodeCursor, encodeCursor } from './cursor';
import type { Visibility } from './visibility';

/** One keyset page's request to a kind's repo: rows after `after` in (sort field, id) order, under the conditions. */
export interface KeysetQuery<F extends string> {
  now: number;
  limit: number;
  sort: { field: F; dir: 'asc' | 'desc' };
  after?: { value: string; id: string } | undefined;
  conditions: RawBuilder<boolean>[];
}

/** What a kind's repo offers its list: pages in keyset order, a count, and every row's labels for counting by the roles. */
export interface KeysetSource<R, F extends string> {
  page(q: KeysetQuery<F>): Promise<{ rows: R[]; more: boolean }>;
  count(now: number, conditions: RawBuilder<boolean>[]): Promise<number>;
  labelsOf(now: number, conditions: RawBuilder<boolean>[]): Promise<{ id: string; labels: Record<string, string> }[]>;
}

export interface ListRequest<R, F extends string> {
  now: number;
  limit: number;
  startKey?: string | undefined;
  sort: { field: F; dir: 'asc' | 'desc' };
  /** The row's value of the sort field, which the cursor carries. */
  sortValue: (row: R) => string;
  /** The roles' label selectors in SQL (visibility.ts) and the filters (filters.ts). */
  visible: Visibility;
  conditions: RawBuilder<boolean>[];
  /** RoleSet.canAccess for the kind: applied to each row when `visible` is not exact. */
  canSee: (row: { id: string; labels: Record<string, string> }) => boolean;
}

/**
 * One page of the resources of a kind a user may see: `{items, startKey, totalCount}` of wire-notes' lists.
 * Filtering, sorting and paging run in the database; when the roles cannot be expressed exactly in SQL, the
 * remaining rows are checked with `canSee` and the page reads ahead so a few hidden rows do not cost a round trip each.
 */
export async function listPage<R extends { id: string; labels: Record<string, string> }, F extends string>(
  source: KeysetSource<R, F>,
  q: ListRequest<R, F>,
): Promise<{ items: R[]; startKey: string; totalCount: number }> {
  const { visible, canSee, now, sort } = q;
  const conditions = [visible.condition, ...q.conditions];
  const items: R[] = [];
  let after = q.startKey ? decodeCursor(q.startKey) : undefined;
  let more = true;
  while (items.length < q.limit && more) {
    const batch = visible.exact ? q.limit - items.length : Math.max(q.limit * 2, 100);
    const page = await source.page({ now, limit: batch, sort, after, conditions });
    more = page.more;
    for (const row of page.rows) {
      after = { value: q.sortValue(row), id: row.id };
      if (!visible.exact && !canSee(row)) continue;
      items.push(row);
      if (items.length === q.limit) {
        more = more || page.rows[page.rows.length - 1] !== row;
        break;
      }
    }
  }
  const last = items[items.length - 1];
  const totalCount = visible.exact ? await source.count(now, conditions) : (await source.labelsOf(now, conditions)).filter(canSee).length;
  return { items, startKey: more && last ? encodeCursor(q.sortValue(last), last.id) : '', totalCount };
}
