import type { RoleSet } from '../../management/roles/roleset';
import { listLabelled } from '../lists/labelledList';
import type { ResourceListQuery } from '../lists/listQuery';
import type { ListTable } from '../lists/sql';
import type { DesktopRepo } from './repo';

/** How desktops are stored, for the list's predicates, keywords and role selectors (windows_desktop_labels). */
export const desktopTable: ListTable = {
  table: 'desktops',
  labels: { table: 'desktop_labels', key: 'desktop_id' },
  searchColumn: 'search_text',
  fields: { name: 'name', os: 'os', addr: 'addr' },
};

/** One page of the desktops a user may see. */
export const listDesktops = (repo: DesktopRepo, roles: RoleSet, q: ResourceListQuery, now: number) =>
  listLabelled(repo, { table: desktopTable, selector: 'windows_desktop_labels', kind: 'windows_desktop', sorts: { name: { column: 'name', value: (d) => d.name } } }, roles, q, now);
