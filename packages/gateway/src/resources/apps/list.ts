import type { RoleSet } from '../../management/roles/roleset';
import { listLabelled } from '../lists/labelledList';
import type { ResourceListQuery } from '../lists/listQuery';
import type { ListTable } from '../lists/sql';
import type { AppRepo } from './repo';

/** How apps are stored, for the list's predicates, keywords and role selectors (app_labels). */
export const appTable: ListTable = {
  table: 'apps',
  labels: { table: 'app_labels', key: 'app_id' },
  searchColumn: 'search_text',
  fields: { name: 'name', uri: 'uri', publicAddr: 'public_addr', description: 'description' },
};

/** One page of the apps a user may see. */
export const listApps = (repo: AppRepo, roles: RoleSet, q: ResourceListQuery, now: number) =>
  listLabelled(
    repo,
    {
      table: appTable,
      selector: 'app_labels',
      kind: 'app',
      sorts: { name: { column: 'name', value: (a) => a.name }, uri: { column: 'uri', value: (a) => a.uri }, publicAddr: { column: 'public_addr', value: (a) => a.publicAddr } },
    },
    roles,
    q,
    now,
  );
