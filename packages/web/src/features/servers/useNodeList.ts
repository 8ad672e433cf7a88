import type { Node, SortType } from '@portcullis/shared';
import { useEffect, useState } from 'react';
import { type FetchNodes, fetchNodes as fetchFromGateway } from './nodesService';
import { canGoBack, canGoNext, firstPage, goBack, goNext, type KeysetPager, pageLoaded, pageNumber } from './keysetPager';

/** Rows per page of the nodes list (the console pages 15 to 50 at a time). */
export const nodesPageSize = 15;

export const defaultNodeSort: SortType = { fieldName: 'hostname', dir: 'ASC' };

type Load = { status: 'loading' } | { status: 'ready'; nodes: Node[]; totalCount: number } | { status: 'error'; message: string };

/**
 * The nodes list's state: keyword search, sort and keyset pages, each fetched from the server.
 * A new search or sort starts again from the first page, since old cursors belong to the old order.
 */
export function useNodeList(clusterId: string, fetchNodes: FetchNodes = fetchFromGateway) {
  const [search, setSearchText] = useState('');
  const [sort, setSortOrder] = useState<SortType>(defaultNodeSort);
  const [pager, setPager] = useState<KeysetPager>(firstPage);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const startKey = pager.current;

  useEffect(() => {
    const abort = new AbortController();
    setLoad({ status: 'loading' });
    fetchNodes(
      { clusterId, limit: nodesPageSize, startKey: startKey || undefined, search: search || undefined, sort },
      abort.signal,
    ).then(
      (page) => {
        if (abort.signal.aborted) return;
        setPager((p) => pageLoaded(p, page.startKey));
        setLoad({ status: 'ready', nodes: page.nodes, totalCount: page.totalCount });
      },
      (err: unknown) => {
        if (!abort.signal.aborted) setLoad({ status: 'error', message: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => abort.abort();
  }, [clusterId, search, sort, startKey, fetchNodes]);

  return {
    load,
    search,
    sort,
    page: pageNumber(pager),
    pageSize: nodesPageSize,
    canGoNext: load.status === 'ready' && canGoNext(pager),
    canGoBack: canGoBack(pager),
    next: () => setPager(goNext),
    back: () => setPager(goBack),
    setSearch: (text: string) => {
      setSearchText(text.trim());
      setPager(firstPage);
    },
    setSort: (next: SortType) => {
      setSortOrder(next);
      setPager(firstPage);
    },
  };
}
