import type { RoleSet } from '../../management/roles/roleset';
import { filterConditions } from '../lists/filters';
import { listPage } from '../lists/page';
import type { ListTable } from '../lists/sql';
import { visibility } from '../lists/visibility';
import type { DatabaseRecord, DatabaseRepo, DatabaseSortField } from './repo';
import type { DatabaseListQuery } from './schemas';

/** How databases are stored, for the list's predicates, keywords and role selectors (db_labels). */
export const databaseTable: ListTable = {
  table: 'databases',
  labels: { table: 'database_labels', key: 'database_id' },
  searchColumn: 'search_text',
  fields: { name: 'name', protocol: 'protocol', type: 'type', description: 'description' },
};

const sortValue: Record<DatabaseSortField, (d: DatabaseRecord) => string> = { name: (d) => d.name, protocol: (d) => d.protocol, type: (d) => d.type };

/** One page of the databases a user may see, filtered, sorted and paged in the database (lists/page.ts). */
export function listDatabases(repo: DatabaseRepo, roles: RoleSet, q: DatabaseListQuery, now: number) {
  const [field, dir] = (q.sort ?? 'name:asc').split(':') as [DatabaseSortField, 'asc' | 'desc'];
  return listPage(repo, {
    now,
    limit: q.limit,
    startKey: q.startKey,
    sort: { field, dir },
    sortValue: sortValue[field],
    visible: visibility(roles, 'db_labels', databaseTable),
    conditions: filterConditions(databaseTable, q),
    canSee: (d) => roles.canAccess('db', d.labels, undefined, d.id),
  });
}
