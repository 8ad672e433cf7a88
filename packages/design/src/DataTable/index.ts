export { DataTable } from './DataTable';
export type { DataTableProps, Column, SortState, SortDir, FetchStatus, ServerPaging } from './types';
export { useCursorPagination } from './useCursorPagination';
export type { CursorPage } from './useCursorPagination';
