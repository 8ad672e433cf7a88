import type { RoleSet } from '../../management/roles/roleset';
import { filterConditions } from '../lists/filters';
import { listPage } from '../lists/page';
import type { ListTable } from '../lists/sql';
import { visibility } from '../lists/visibility';
import type { AppRecord, AppRepo, AppSortField } from './repo';
import type { AppListQuery } from './schemas';

/** How apps are stored, for the list's predicates, keywords and role selectors (app_labels). */
export const appTable: ListTable = {
  table: 'apps',
  labels: { table: 'app_labels', key: 'app_id' },
  searchColumn: 'search_text',
  fields: { name: 'name', uri: 'uri', publicAddr: 'public_addr', description: 'description' },
};

const sortColumns: Record<string, AppSortField> = { name: 'name', uri: 'uri', publicAddr: 'public_addr' };
const sortValue: Record<AppSortField, (a: AppRecord) => string> = { name: (a) => a.name, uri: (a) => a.uri, public_addr: (a) => a.publicAddr };

/** One page of the apps a user may see, filtered, sorted and paged in the database (lists/page.ts). */
export function listApps(repo: AppRepo, roles: RoleSet, q: AppListQuery, now: number) {
  const [rawField, dir] = (q.sort ?? 'name:asc').split(':') as [string, 'asc' | 'desc'];
  const field = sortColumns[rawField] ?? 'name';
  return listPage(repo, {
    now,
    limit: q.limit,
    startKey: q.startKey,
    sort: { field, dir },
    sortValue: sortValue[field],
    visible: visibility(roles, 'app_labels', appTable),
    conditions: filterConditions(appTable, q),
    canSee: (a) => roles.canAccess('app', a.labels, undefined, a.id),
  });
}
