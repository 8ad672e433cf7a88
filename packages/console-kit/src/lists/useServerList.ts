import { type CursorPage, type DataTableProps, type SortState, useCursorPagination } from '@portcullis/design';
import type { ListQuery } from '@portcullis/shared';
import { useCallback, useEffect, useState } from 'react';

/** Rows per page (the console pages 15 to 50 at a time). */
export const listPageSize = 15;
/** Typing pauses this long before the search goes to the server, so each keystroke is not a request. */
export const searchDelayMs = 300;

/** What a resource list asks the server for one page: everything of a ListQuery but the cluster. */
export type PageQuery = Required<Pick<ListQuery, 'limit'>> & Pick<ListQuery, 'startKey' | 'search' | 'sort'>;

/** The DataTable props a server-side list fills in; the caller adds its label, columns, row key and empty text. */
export type ServerListTableProps<T> = Required<
  Pick<
    DataTableProps<T>,
    'data' | 'fetchStatus' | 'onRetry' | 'isSearchable' | 'searchValue' | 'onSearch' | 'sort' | 'onSort' | 'serverPaging'
  >
> &
  Pick<DataTableProps<T>, 'errorText'>;

/**
 * A resource list searched, sorted and paged by the server (GET /sites/{clusterId}/nodes, apps …): the search
 * box waits for a typing pause, and a new search or sort starts again from the first page (old cursors are
 * void). `fetchPage` must be stable (useCallback): a new one starts the list again.
 */
export function useServerList<T>(
  fetchPage: (query: PageQuery) => Promise<CursorPage<T>>,
  initialSort: SortState,
): ServerListTableProps<T> {
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>(initialSort);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(query.trim()), searchDelayMs);
    return () => clearTimeout(timer);
  }, [query]);

  const fetchFrom = useCallback(
    (startKey: string | undefined) => fetchPage({ limit: listPageSize, startKey, search: search || undefined, sort }),
    [fetchPage, search, sort],
  );
  const { items, fetchStatus, error, paging, reload } = useCursorPagination(fetchFrom, listPageSize);

  return {
    data: items,
    fetchStatus,
    errorText: error,
    onRetry: () => void reload(),
    isSearchable: true,
    searchValue: query,
    onSearch: setQuery,
    sort,
    onSort: setSort,
    serverPaging: paging,
  };
}
