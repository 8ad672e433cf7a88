import type { LabelledKind, RoleSet } from '../../management/roles/roleset';
import { filterConditions } from './filters';
import type { ResourceListQuery } from './listQuery';
import { listPage, type KeysetSource } from './page';
import type { ListTable } from './sql';
import { visibility, type SelectorField } from './visibility';

/** How a labelled kind is listed: its table, the role selector and kind that decide who sees a row, and its sorts. */
export interface LabelledListSpec<R, F extends string> {
  table: ListTable;
  selector: SelectorField;
  kind: LabelledKind;
  /** Each sort field the query may name: the column it orders by, and the row's value there. */
  sorts: Record<string, { column: F; value: (row: R) => string }>;
}

/**
 * One page of a labelled kind's resources (apps, databases, desktops, Kubernetes clusters) a user may see:
 * filtered by the query's predicate and keywords, sorted and paged in the database (lists/page.ts), with the
 * roles' selectors applied in SQL and checked again row by row.
 */
export function listLabelled<R extends { id: string; labels: Record<string, string> }, F extends string>(
  source: KeysetSource<R, F>,
  spec: LabelledListSpec<R, F>,
  roles: RoleSet,
  q: ResourceListQuery,
  now: number,
) {
  const [name, dir] = (q.sort ?? 'name:asc').split(':') as [string, 'asc' | 'desc'];
  const sort = spec.sorts[name] ?? spec.sorts.name!;
  return listPage(source, {
    now,
    limit: q.limit,
    startKey: q.startKey,
    sort: { field: sort.column, dir },
    sortValue: sort.value,
    visible: visibility(roles, spec.selector, spec.table),
    conditions: filterConditions(spec.table, q),
    canSee: (row) => roles.canAccess(spec.kind, row.labels, undefined, row.id),
  });
}
