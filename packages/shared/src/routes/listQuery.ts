import { compilePath } from './compilePath';
import { queryString } from './queryString';

export type SortDirection = 'ASC' | 'DESC' | 'asc' | 'desc';

export interface SortType {
  fieldName: string;
  dir: SortDirection;
}

/** The query of every resource list. */
export interface ListQuery {
  clusterId: string;
  limit?: number;
  startKey?: string;
  query?: string;
  search?: string;
  searchAsRoles?: boolean;
  sort?: SortType;
}

/** The sort parameter as the server expects it: `fieldName:direction`, direction in lower case. */
export function formatSort(sort: SortType): string {
  return `${sort.fieldName}:${sort.dir.toLowerCase()}`;
}

/** Fills a list template (e.g. apiPaths.nodes) with the cluster and the list query. */
export function listQueryPath(template: string, q: ListQuery): string {
  return (
    compilePath(template, { clusterId: q.clusterId }) +
    queryString({
      searchAsRoles: q.searchAsRoles ? 'yes' : undefined,
      limit: q.limit,
      startKey: q.startKey,
      query: q.query,
      search: q.search,
      sort: q.sort ? formatSort(q.sort) : undefined,
    })
  );
}

/** Audit event search query. */
export interface EventQuery {
  clusterId: string;
  from: Date;
  to: Date;
  limit: number;
  startKey?: string;
  include?: string;
}

export function eventQueryPath(template: string, q: EventQuery): string {
  return (
    compilePath(template, { clusterId: q.clusterId }) +
    queryString({
      from: q.from.toISOString(),
      to: q.to.toISOString(),
      limit: q.limit,
      startKey: q.startKey,
      include: q.include,
    })
  );
}

/** Recordings search query: the same search restricted to session ends, with start and end. */
export interface RecordingsQuery {
  clusterId: string;
  start: Date;
  end: Date;
  limit: number;
  startKey?: string;
}

export function recordingsQueryPath(template: string, q: RecordingsQuery): string {
  return (
    compilePath(template, { clusterId: q.clusterId }) +
    queryString({ start: q.start.toISOString(), end: q.end.toISOString(), limit: q.limit, startKey: q.startKey })
  );
}
