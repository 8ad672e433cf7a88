import { apiPaths } from '@portcullis/shared';
import { clusterParams } from '../../platform/clusters/schemas';
import type { Gateway } from '../../platform/server/context';
import { eventSearchQuery, sessionEventSearchQuery } from './schemas';
import { searchEvents, sessionEndTypes } from './search';

export function auditRoutes(gw: Gateway) {
  gw.route('GET', apiPaths.events, {
    access: { resource: 'event', verb: 'list' },
    params: clusterParams,
    query: eventSearchQuery,
    handler: ({ query }) => searchEvents(gw.store, { ...query, types: query.include }, gw.now()),
  });

  gw.route('GET', apiPaths.recordings, {
    access: { resource: 'session', verb: 'list' },
    params: clusterParams,
    query: sessionEventSearchQuery,
    handler: ({ query }) =>
      searchEvents(gw.store, { from: query.start, to: query.end, limit: query.limit, startKey: query.startKey, order: query.order, types: sessionEndTypes }, gw.now()),
  });
}
