import type { RoleSet } from '../../management/roles/roleset';
import { filterConditions } from '../lists/filters';
import { listPage } from '../lists/page';
import type { ListTable } from '../lists/sql';
import { visibility } from '../lists/visibility';
import type { DesktopRecord, DesktopRepo, DesktopSortField } from './repo';
import type { DesktopListQuery } from './schemas';

/** How desktops are stored, for the list's predicates, keywords and role selectors (windows_desktop_labels). */
export const desktopTable: ListTable = {
  table: 'desktops',
  labels: { table: 'desktop_labels', key: 'desktop_id' },
  searchColumn: 'search_text',
  fields: { name: 'name', os: 'os', addr: 'addr' },
};

const sortValue: Record<DesktopSortField, (d: DesktopRecord) => string> = { name: (d) => d.name };

/** One page of the desktops a user may see, filtered, sorted and paged in the database (lists/page.ts). */
export function listDesktops(repo: DesktopRepo, roles: RoleSet, q: DesktopListQuery, now: number) {
  const [field, dir] = (q.sort ?? 'name:asc').split(':') as [DesktopSortField, 'asc' | 'desc'];
  return listPage(repo, {
    now,
    limit: q.limit,
    startKey: q.startKey,
    sort: { field, dir },
    sortValue: sortValue[field],
    visible: visibility(roles, 'windows_desktop_labels', desktopTable),
    conditions: filterConditions(desktopTable, q),
    canSee: (d) => roles.canAccess('windows_desktop', d.labels, undefined, d.id),
  });
}
