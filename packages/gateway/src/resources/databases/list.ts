import type { RoleSet } from '../../management/roles/roleset';
import { listLabelled } from '../lists/labelledList';
import type { ResourceListQuery } from '../lists/listQuery';
import type { ListTable } from '../lists/sql';
import type { DatabaseRepo } from './repo';

/** How databases are stored, for the list's predicates, keywords and role selectors (db_labels). */
export const databaseTable: ListTable = {
  table: 'databases',
  labels: { table: 'database_labels', key: 'database_id' },
  searchColumn: 'search_text',
  fields: { name: 'name', protocol: 'protocol', type: 'type', description: 'description' },
};

/** One page of the databases a user may see. */
export const listDatabases = (repo: DatabaseRepo, roles: RoleSet, q: ResourceListQuery, now: number) =>
  listLabelled(
    repo,
    {
      table: databaseTable,
      selector: 'db_labels',
      kind: 'db',
      sorts: { name: { column: 'name', value: (d) => d.name }, protocol: { column: 'protocol', value: (d) => d.protocol }, type: { column: 'type', value: (d) => d.type } },
    },
    roles,
    q,
    now,
  );
