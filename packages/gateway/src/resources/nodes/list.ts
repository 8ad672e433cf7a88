import type { RoleSet } from '../../management/roles/roleset';
import { filterConditions } from '../lists/filters';
import { listPage } from '../lists/page';
import type { ListTable } from '../lists/sql';
import { visibility } from '../lists/visibility';
import type { NodeRecord, NodeRepo, NodeSortField } from './repo';
import type { NodeListQuery } from './schemas';

export interface NodePage {
  items: NodeRecord[];
  startKey: string;
  totalCount: number;
}

/** How nodes are stored, for the list's predicates, keywords and role selectors. */
export const nodeTable: ListTable = {
  table: 'nodes',
  labels: { table: 'node_labels', key: 'node_id' },
  searchColumn: 'search_text',
  fields: { hostname: 'hostname', name: 'hostname', addr: 'addr' },
};

/** One page of the nodes a user may see (lists/page.ts does the paging, in the database). */
export async function listNodes(repo: NodeRepo, roles: RoleSet, q: NodeListQuery, now: number): Promise<NodePage> {
  const [rawField, dir] = (q.sort ?? 'hostname:asc').split(':') as [string, 'asc' | 'desc'];
  const field: NodeSortField = rawField === 'addr' ? 'addr' : 'hostname';
  return listPage(repo, {
    now,
    limit: q.limit,
    startKey: q.startKey,
    sort: { field, dir },
    sortValue: (n) => n[field],
    visible: visibility(roles, 'node_labels', nodeTable),
    conditions: filterConditions(nodeTable, q),
    canSee: (n) => roles.canAccess('node', n.labels, undefined, n.id),
  });
}
