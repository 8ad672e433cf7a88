import {
  type AccessRequestJson,
  apiPaths,
  compilePath,
  type CreateAccessRequest,
  type SubmitAccessReview,
} from '@portcullis/shared';
import { atom } from 'jotai';
import { api } from '../../client';
import { webConfigAtom } from '../../config';

/** Bumped after a request is created or withdrawn, so the list is fetched again. */
export const accessRequestsVersionAtom = atom(0);

/** The access requests the user may see: their own, and those they may review. */
export const accessRequestsAtom = atom(async (get) => {
  get(accessRequestsVersionAtom);
  const { proxyCluster } = get(webConfigAtom);
  return api.get<AccessRequestJson[]>(compilePath(apiPaths.accessRequests, { clusterId: proxyCluster }));
});

/** The calls of the request pages, on the cluster the console serves. */
export const accessRequestActions = (clusterId: string) => {
  const one = (requestId: string) => compilePath(apiPaths.accessRequest, { clusterId, requestId });
  return {
    get: (requestId: string) => api.get<AccessRequestJson>(one(requestId)),
    create: (body: CreateAccessRequest) =>
      api.post<AccessRequestJson>(compilePath(apiPaths.accessRequests, { clusterId }), body),
    review: (requestId: string, body: SubmitAccessReview) =>
      api.post<AccessRequestJson>(compilePath(apiPaths.accessRequestReviews, { clusterId, requestId }), body),
    withdraw: (requestId: string) => api.delete(one(requestId)),
  };
};

/** The state to show: an approved or pending request past its expiry grants nothing any more. */
export type ShownState = AccessRequestJson['state'] | 'EXPIRED';

export function shownState(
  request: Pick<AccessRequestJson, 'state' | 'expires'>,
  now = Date.now(),
): ShownState {
  return Date.parse(request.expires) <= now ? 'EXPIRED' : request.state;
}

/** What was asked for, in words: the roles, or the requested resources by id. */
export function requestedItems(request: Pick<AccessRequestJson, 'roles' | 'resourceIds'>): string[] {
  return request.resourceIds.length ? request.resourceIds.map((r) => r.name) : request.roles;
}

export const approvalCount = (request: Pick<AccessRequestJson, 'reviews'>) =>
  request.reviews.filter((r) => r.state === 'APPROVED').length;
