import { z } from 'zod';

/**
 * The resource-list query of wire-notes: limit (max 1000), startKey, sort FIELD:asc|desc over the kind's
 * `sortFields`, query (a predicate), search (keywords). The kinds besides nodes cannot be requested yet, so
 * searching as requestable roles lists what the user's own roles reach.
 */
export function resourceListQuery(sortFields: readonly [string, ...string[]]) {
  const fields = sortFields.length === 1 ? sortFields[0] : `${sortFields.slice(0, -1).join(', ')} or ${sortFields.at(-1)}`;
  return z.object({
    limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(1000, 'limit may be at most 1000').default(50),
    startKey: z.string().max(2000).optional(),
    sort: z
      .string()
      .regex(new RegExp(`^(${sortFields.join('|')}):(asc|desc)$`), sortFields.length === 1 ? `sort must be ${fields}:asc or ${fields}:desc` : `sort must be ${fields}, then :asc or :desc`)
      .optional(),
    query: z.string().max(2000).optional(),
    search: z.string().max(500).optional(),
    searchAsRoles: z.enum(['yes', 'no', '']).optional(),
  });
}

export type ResourceListQuery = z.infer<ReturnType<typeof resourceListQuery>>;
