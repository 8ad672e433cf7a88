/**
 * Keyset pagination state (wire notes: `startKey` is an opaque cursor, empty on the last page). The server can
 * only go forward, so going back means remembering the cursor each earlier page was fetched with.
 */
export interface KeysetPager {
  /** Cursors of the pages before the current one, oldest first; the first page's cursor is ''. */
  previous: string[];
  /** The cursor the current page was fetched with. */
  current: string;
  /** The cursor the server returned for the next page; '' on the last page. */
  next: string;
}

export const firstPage: KeysetPager = { previous: [], current: '', next: '' };

/** The server answered the current page: remember where the next one starts. */
export const pageLoaded = (pager: KeysetPager, startKey: string | undefined): KeysetPager => ({
  ...pager,
  next: startKey ?? '',
});

export const canGoNext = (pager: KeysetPager) => pager.next !== '';
export const canGoBack = (pager: KeysetPager) => pager.previous.length > 0;

export function goNext(pager: KeysetPager): KeysetPager {
  if (!canGoNext(pager)) return pager;
  return { previous: [...pager.previous, pager.current], current: pager.next, next: '' };
}

export function goBack(pager: KeysetPager): KeysetPager {
  if (!canGoBack(pager)) return pager;
  return { previous: pager.previous.slice(0, -1), current: pager.previous[pager.previous.length - 1]!, next: '' };
}

/** 1-based number of the current page. */
export const pageNumber = (pager: KeysetPager) => pager.previous.length + 1;
