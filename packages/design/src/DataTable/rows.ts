import type { Column, SortState } from './types';

const field = (row: unknown, key: string): unknown => (row as Record<string, unknown>)[key];

const compareValues = (a: unknown, b: unknown): number => {
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), undefined, { numeric: true, sensitivity: 'base' });
};

export function sortRows<T>(rows: T[], columns: Column<T>[], sort: SortState | undefined): T[] {
  if (!sort) return rows;
  const column = columns.find((c) => c.key === sort.fieldName);
  if (!column) return rows;
  const compare =
    column.sortFn ?? ((a: T, b: T) => compareValues(field(a, column.key), field(b, column.key)));
  const sign = sort.dir === 'ASC' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compare(a, b));
}

/** Keeps rows where any column's value (labels and arrays included) contains every word of the query. */
export function searchRows<T>(rows: T[], columns: Column<T>[], query: string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  const text = (row: T) =>
    columns
      .map((c) => JSON.stringify(field(row, c.key) ?? ''))
      .join(' ')
      .toLowerCase();
  return rows.filter((row) => {
    const haystack = text(row);
    return words.every((w) => haystack.includes(w));
  });
}

export const nextSort = (current: SortState | undefined, fieldName: string): SortState =>
  current?.fieldName === fieldName
    ? { fieldName, dir: current.dir === 'ASC' ? 'DESC' : 'ASC' }
    : { fieldName, dir: 'ASC' };
