import type { RawBuilder } from 'kysely';
import { badRequest } from '../../platform/access/errors';
import type { RoleSet } from '../../management/roles/roleset';
import { compilePredicate, keywordCondition, PredicateError } from './predicate';
import type { NodeRecord, NodeRepo, NodeSortField } from './repo';
import type { NodeListQuery } from './schemas';
import { nodeVisibility } from './visibility';

export interface NodePage {
  items: NodeRecord[];
  startKey: string;
  totalCount: number;
}

const encodeCursor = (value: string, id: string) => Buffer.from(JSON.stringify([value, id])).toString('base64url');

function decodeCursor(key: string): { value: string; id: string } {
  try {
    const [value, id] = JSON.parse(Buffer.from(key, 'base64url').toString()) as unknown[];
    if (typeof value === 'string' && typeof id === 'string') return { value, id };
  } catch {
    // reported below
  }
  throw badRequest('startKey is not a cursor this list returned');
}

function conditionsOf(q: NodeListQuery): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  const words = (q.search ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length) conditions.push(keywordCondition(words));
  if (q.query?.trim()) {
    try {
      conditions.push(compilePredicate(q.query));
    } catch (err) {
      if (err instanceof PredicateError) throw badRequest(`query: ${err.message}`);
      throw err;
    }
  }
  return conditions;
}

/**
 * One page of the nodes a user may see. Filtering, sorting and paging run in the database; when the roles
 * cannot be expressed exactly in SQL, the remaining rows are checked with RoleSet.canAccess.
 */
export async function listNodes(repo: NodeRepo, roles: RoleSet, q: NodeListQuery, now: number): Promise<NodePage> {
  const [rawField, dir] = (q.sort ?? 'hostname:asc').split(':') as [string, 'asc' | 'desc'];
  const field: NodeSortField = rawField === 'addr' ? 'addr' : 'hostname';
  const visibility = nodeVisibility(roles);
  const conditions = [visibility.condition, ...conditionsOf(q)];
  const canSee = (n: { labels: Record<string, string> }) => roles.canAccess('node', n.labels);

  const items: NodeRecord[] = [];
  let after = q.startKey ? decodeCursor(q.startKey) : undefined;
  let more = true;
  while (items.length < q.limit && more) {
    // Without an exact SQL filter, read ahead so a few hidden rows do not cost a round trip each.
    const batch = visibility.exact ? q.limit - items.length : Math.max(q.limit * 2, 100);
    const page = await repo.page({ now, limit: batch, sort: { field, dir }, after, conditions });
    more = page.more;
    for (const node of page.rows) {
      after = { value: node[field], id: node.id };
      if (!visibility.exact && !canSee(node)) continue;
      items.push(node);
      if (items.length === q.limit) {
        more = more || page.rows[page.rows.length - 1] !== node;
        break;
      }
    }
  }
  const last = items[items.length - 1];
  const totalCount = visibility.exact ? await repo.count(now, conditions) : (await repo.labelsOf(now, conditions)).filter((labels) => canSee({ labels })).length;
  return { items, startKey: more && last ? encodeCursor(last[field], last.id) : '', totalCount };
}
