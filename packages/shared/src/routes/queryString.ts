export type QueryValue = string | number | boolean | undefined | null;

/** Joins defined values into `?a=1&b=2`; empty when nothing is set. Isomorphic: no URLSearchParams. */
export function queryString(params: Record<string, QueryValue>): string {
  const parts = Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}
