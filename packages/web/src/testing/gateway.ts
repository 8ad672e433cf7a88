import { apiPaths, compilePath, type AclArea } from '@portcullis/shared';
import { clusterJson, pingJson, userContextJson } from '@portcullis/gateway/wire';
import { http, HttpResponse } from 'msw';

/**
 * The gateway's user context and ping for a user holding every verb on the given ACL areas, as the gateway's
 * own presenters answer them, so a change on either side of the wire shows in these tests.
 */
export const userContextHandlers = (areas: AclArea[], username = 'alice') => [
  http.get(compilePath(apiPaths.userContext, { clusterId: 'localhost' }), () => HttpResponse.json(userContextJson(areas, username))),
  http.get(apiPaths.ping, () => HttpResponse.json(pingJson())),
  // The top bar's cluster switcher lists the clusters on every signed-in page.
  http.get(apiPaths.clusters, () => HttpResponse.json([clusterJson()])),
];
