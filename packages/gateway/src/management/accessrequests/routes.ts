import { apiPaths } from '@portcullis/shared';
import type { Gateway } from '../../platform/server/context';
import type { NodeRepo } from '../../resources/nodes/repo';
import { presentAccessRequest } from './presenter';
import {
  accessRequestParams,
  accessRequestsParams,
  createAccessRequestBody,
  submitReviewBody,
} from './schemas';
import { AccessRequestService } from './service';

/**
 * Access requests. Every route is open to signed-in users because who may act depends on the request itself
 * (its requester, the reviewers whose review_requests cover its roles); the service decides and answers 403
 * or 404 with the reason.
 */
export function accessRequestRoutes(
  gw: Gateway,
  nodes: NodeRepo,
  service = new AccessRequestService(gw.store, nodes, gw.now),
) {
  gw.route('GET', apiPaths.accessRequests, {
    access: {
      signedIn:
        'a user lists their own requests and those they may review; the service refuses users who can do neither',
    },
    params: accessRequestsParams,
    handler: async ({ identity }) =>
      (await service.list(identity!)).map((r) => presentAccessRequest(r, identity!, gw.now())),
  });

  gw.route('POST', apiPaths.accessRequests, {
    access: {
      signedIn:
        'a user requests roles their own roles let them request; the service checks request.roles and search_as_roles',
    },
    params: accessRequestsParams,
    body: createAccessRequestBody,
    handler: async ({ identity, site, body }) =>
      presentAccessRequest(await service.create(identity!, site, body), identity!, gw.now()),
  });

  gw.route('GET', apiPaths.accessRequest, {
    access: {
      signedIn: 'a requester or a reviewer reads one request; anyone else is told it does not exist',
    },
    params: accessRequestParams,
    handler: async ({ identity, params }) =>
      presentAccessRequest(await service.get(identity!, params.requestId), identity!, gw.now()),
  });

  gw.route('DELETE', apiPaths.accessRequest, {
    access: { signedIn: 'a requester withdraws their own pending request; the service refuses anyone else' },
    params: accessRequestParams,
    handler: async ({ identity, params }) => {
      await service.withdraw(identity!, params.requestId);
      return { message: 'ok' };
    },
  });

  gw.route('POST', apiPaths.accessRequestReviews, {
    access: {
      signedIn:
        'a reviewer whose review_requests cover the requested roles decides; the service refuses anyone else',
    },
    params: accessRequestParams,
    body: submitReviewBody,
    handler: async ({ identity, params, body }) =>
      presentAccessRequest(await service.review(identity!, params.requestId, body), identity!, gw.now()),
  });
}
