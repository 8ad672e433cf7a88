import type { RawBuilder } from 'kysely';
import { badRequest } from '../../platform/access/errors';
import { parsePredicate, PredicateError } from './predicate';
import { compilePredicate, keywordCondition, type ListTable } from './sql';

/** A list's filters: `search` keywords and a `query` predicate, as conditions on the kind's table; a bad predicate is a 400. */
export function filterConditions(t: ListTable, q: { search?: string | undefined; query?: string | undefined }): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  const words = (q.search ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length) conditions.push(keywordCondition(t, words));
  if (q.query?.trim()) {
    try {
      conditions.push(compilePredicate(t, parsePredicate(q.query)));
    } catch (err) {
      if (err instanceof PredicateError) throw badRequest(`query: ${err.message}`);
      throw err;
    }
  }
  return conditions;
}
