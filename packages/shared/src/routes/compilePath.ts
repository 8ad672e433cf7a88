import { compile, type PathFunction } from 'path-to-regexp';

/** How many compiled path templates are kept. */
export const PATH_CACHE_LIMIT = 10000;

export type PathParams = Record<string, string | number | undefined>;

const cache = new Map<string, PathFunction<object>>();

function compiled(template: string): PathFunction<object> {
  const hit = cache.get(template);
  if (hit) return hit;
  const fn = compile(template, { encode: encodeURIComponent });
  if (cache.size >= PATH_CACHE_LIMIT) {
    // Maps keep insertion order, so the first key is the oldest entry.
    cache.delete(cache.keys().next().value as string);
  }
  cache.set(template, fn);
  return fn;
}

/**
 * Fills a route or API template such as '/web/cluster/:clusterId/nodes'. A missing or mismatching
 * required parameter throws a TypeError, so a bad link fails loudly instead of pointing nowhere.
 */
export function compilePath(template: string, params: PathParams = {}): string {
  return compiled(template)(params);
}

/** Number of templates currently compiled and cached. */
export function compiledPathCount(): number {
  return cache.size;
}
