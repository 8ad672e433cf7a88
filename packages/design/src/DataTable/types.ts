import type { ElementType, ReactNode } from 'react';
import type { MenuItem } from '../Menu';

export type SortDir = 'ASC' | 'DESC';
export type SortState = { fieldName: string; dir: SortDir };

export type Column<T> = {
  /** The row field this column shows and sorts and searches by. */
  key: string;
  headerText?: string;
  render?: (row: T) => ReactNode;
  isSortable?: boolean;
  /** Client-side comparison; by default the field's values are compared. */
  sortFn?: (a: T, b: T) => number;
  /** Keep each cell on one line (timestamps, ids), taking the width it needs from wrapping columns. */
  noWrap?: boolean;
};

export type FetchStatus = '' | 'loading' | 'error';

/** Paging done by the server: the table shows the page it is given and asks for the next or previous. */
export type ServerPaging = {
  onNext: () => void;
  onPrev: () => void;
  hasNext: boolean;
  hasPrev: boolean;
  /** Index of the first row of this page in the whole result, for "Showing 16 - 30 of 42". */
  pageStart: number;
  totalCount?: number;
};

export type DataTableProps<T> = {
  columns: Column<T>[];
  data: T[];
  /** A stable key per row. */
  rowKey: (row: T) => string;
  /** The table's accessible name. */
  label: string;
  emptyText?: string;
  /** Replaces the empty text, e.g. an EmptyState with a call to action; a search matching nothing still says so. */
  emptyState?: ReactNode;
  fetchStatus?: FetchStatus;
  /** Shown when fetchStatus is 'error'. */
  errorText?: string;
  onRetry?: () => void;
  initialSort?: SortState;
  /** Controlled sort: the caller sorts (e.g. on the server) and the table only shows the indicator. */
  sort?: SortState;
  onSort?: (sort: SortState) => void;
  isSearchable?: boolean;
  /** Controlled search: the caller filters; without onSearch the table filters its rows itself. */
  searchValue?: string;
  onSearch?: (query: string) => void;
  /** Client-side pages of this many rows. */
  pageSize?: number;
  serverPaging?: ServerPaging;
  /** A "Load more" button under the rows, for feeds paged by start key. */
  fetchMore?: { onFetchMore: () => void; hasMore: boolean };
  /** Actions for one row, at the end of the row: a button when there is one, a menu when there are more. */
  rowActions?: (row: T) => MenuItem[];
  /** The app's router link, through which row actions with `to` navigate without reloading the page. */
  linkAs?: ElementType;
  /** Render only the visible rows of a body this many pixels tall (very long lists). */
  virtualHeight?: number;
};
