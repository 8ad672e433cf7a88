import { useCallback, useEffect, useRef, useState } from 'react';
import type { FetchStatus, ServerPaging } from './types';

export type CursorPage<T> = { items: T[]; startKey?: string; totalCount?: number };

/**
 * Server-side paging over opaque start keys. The server only knows how to go forward, so the keys of
 * the pages seen so far are kept on a stack: next pushes the key the server returned, prev pops.
 * Changing `fetchPage` (e.g. a new search or sort) starts again from the first page.
 */
export function useCursorPagination<T>(
  fetchPage: (startKey: string | undefined) => Promise<CursorPage<T>>,
  pageSize: number,
) {
  const [stack, setStack] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState<CursorPage<T>>({ items: [] });
  const [fetchStatus, setFetchStatus] = useState<FetchStatus>('loading');
  const [error, setError] = useState<string>();
  const latest = useRef(0);

  const load = useCallback(
    async (keys: (string | undefined)[]) => {
      const call = ++latest.current;
      setFetchStatus('loading');
      try {
        const result = await fetchPage(keys[keys.length - 1]);
        // A slower, older request must not overwrite a newer one.
        if (call !== latest.current) return;
        setStack(keys);
        setPage(result);
        setFetchStatus('');
      } catch (err) {
        if (call !== latest.current) return;
        setError(err instanceof Error ? err.message : String(err));
        setFetchStatus('error');
      }
    },
    [fetchPage],
  );

  useEffect(() => {
    void load([undefined]);
  }, [load]);

  const paging: ServerPaging = {
    hasNext: Boolean(page.startKey),
    hasPrev: stack.length > 1,
    onNext: () => page.startKey && void load([...stack, page.startKey]),
    onPrev: () => stack.length > 1 && void load(stack.slice(0, -1)),
    pageStart: (stack.length - 1) * pageSize,
    totalCount: page.totalCount,
  };
  return { items: page.items, fetchStatus, error, paging, reload: () => load(stack) };
}
