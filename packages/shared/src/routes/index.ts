export { compilePath, compiledPathCount, PATH_CACHE_LIMIT } from './compilePath';
export type { PathParams } from './compilePath';
export { webBasePath, webRoutes, serverCallbackPrefixes } from './webRoutes';
export type { WebRouteName } from './webRoutes';
export { apiBasePath, apiPaths, websocketPaths } from './apiPaths';
export type { ApiPathName } from './apiPaths';
export { queryString } from './queryString';
export type { QueryValue } from './queryString';
export { eventQueryPath, formatSort, listQueryPath, recordingsQueryPath } from './listQuery';
export type { EventQuery, ListQuery, RecordingsQuery, SortDirection, SortType } from './listQuery';
export {
  clusterIdFromPath,
  consoleSessionPath,
  documentTitle,
  ensureKnownRoute,
  ensureOwnOrigin,
  isKnownRoute,
  loginPath,
  playerPath,
} from './navigation';
export type { LocationLike } from './navigation';
