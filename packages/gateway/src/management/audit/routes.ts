import { assertLocalCluster } from '../../platform/clusters/local';
import { clusterParams } from '../../platform/clusters/schemas';
import type { Gateway } from '../../platform/server/context';
import { eventSearchQuery, sessionEventSearchQuery } from './schemas';
import { searchEvents, sessionEndTypes } from './search';

export function auditRoutes(gw: Gateway) {
  gw.route('GET', '/v1/webapi/sites/:clusterId/events/search', {
    access: { resource: 'event', verb: 'list' },
    params: clusterParams,
    query: eventSearchQuery,
    handler: ({ params, query }) => {
      assertLocalCluster(gw, params.clusterId);
      return searchEvents(gw.store, { ...query, types: query.include }, gw.now());
    },
  });

  gw.route('GET', '/v1/webapi/sites/:clusterId/events/search/sessions', {
    access: { resource: 'session', verb: 'list' },
    params: clusterParams,
    query: sessionEventSearchQuery,
    handler: ({ params, query }) => {
      assertLocalCluster(gw, params.clusterId);
      return searchEvents(gw.store, { from: query.start, to: query.end, limit: query.limit, startKey: query.startKey, order: query.order, types: sessionEndTypes }, gw.now());
    },
  });
}
