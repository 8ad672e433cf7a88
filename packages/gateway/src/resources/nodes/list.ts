import type { RoleSet } from '../../management/roles/roleset';
import { decodeCursor, encodeCursor } from '../lists/cursor';
import { filterConditions } from '../lists/filters';
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

/**
 * One page of the nodes a user may see. Filtering, sorting and paging run in the database; when the roles
 * cannot be expressed exactly in SQL, the remaining rows are checked with RoleSet.canAccess.
 */
export async function listNodes(repo: NodeRepo, roles: RoleSet, q: NodeListQuery, now: number): Promise<NodePage> {
  const [rawField, dir] = (q.sort ?? 'hostname:asc').split(':') as [string, 'asc' | 'desc'];
  const field: NodeSortField = rawField === 'addr' ? 'addr' : 'hostname';
  const visible = visibility(roles, 'node_labels', nodeTable);
  const conditions = [visible.condition, ...filterConditions(nodeTable, q)];
  const canSee = (n: { id: string; labels: Record<string, string> }) => roles.canAccess('node', n.labels, undefined, n.id);

  const items: NodeRecord[] = [];
  let after = q.startKey ? decodeCursor(q.startKey) : undefined;
  let more = true;
  while (items.length < q.limit && more) {
    // Without an exact SQL filter, read ahead so a few hidden rows do not cost a round trip each.
    const batch = visible.exact ? q.limit - items.length : Math.max(q.limit * 2, 100);
    const page = await repo.page({ now, limit: batch, sort: { field, dir }, after, conditions });
    more = page.more;
    for (const node of page.rows) {
      after = { value: node[field], id: node.id };
      if (!visible.exact && !canSee(node)) continue;
      items.push(node);
      if (items.length === q.limit) {
        more = more || page.rows[page.rows.length - 1] !== node;
        break;
      }
    }
  }
  const last = items[items.length - 1];
  const totalCount = visible.exact ? await repo.count(now, conditions) : (await repo.labelsOf(now, conditions)).filter(canSee).length;
  return { items, startKey: more && last ? encodeCursor(last[field], last.id) : '', totalCount };
}
