import { useCallback, useEffect, useState } from 'react';

/** One page of a feed the server pages by start key (events, recordings): its rows and where the next starts. */
export interface KeysetPage<T> {
  rows: T[];
  /** Empty on the last page. */
  startKey: string;
}

/**
 * A feed read page by page: the first page whenever `fetchPage` changes (a new query), more on demand,
 * and the message of any failure for the page to show.
 */
export function useKeysetPages<T>(fetchPage: (startKey?: string) => Promise<KeysetPage<T>>) {
  const [rows, setRows] = useState<T[]>([]);
  const [startKey, setStartKey] = useState('');
  const [status, setStatus] = useState<'loading' | 'ready' | 'more'>('loading');
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    setStatus('loading');
    setError('');
    fetchPage()
      .then((page) => {
        if (!current) return;
        setRows(page.rows);
        setStartKey(page.startKey);
      })
      .catch((err: Error) => current && setError(err.message))
      .finally(() => current && setStatus('ready'));
    return () => {
      current = false;
    };
  }, [fetchPage]);

  const fetchMore = useCallback(async () => {
    setStatus('more');
    try {
      const page = await fetchPage(startKey);
      setRows((all) => [...all, ...page.rows]);
      setStartKey(page.startKey);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setStatus('ready');
    }
  }, [fetchPage, startKey]);

  return { rows, status, error, hasMore: startKey !== '' && status !== 'more', fetchMore };
}
