import { conflict, forbidden, type HttpError } from '../../platform/access/errors';
import type { Identity } from '../../platform/access/identity';
import type { AccessRequest } from './repo';

/** Who may do what with access requests, for one caller: the service enforces it, the presenter shows it. */

/** An approved request grants its access until it expires; afterwards it simply stops counting. */
export const inForce = (r: AccessRequest, now: number) => r.state === 'APPROVED' && r.expiresAt > now;

/** Whether the caller's rules let them see every request (`access_request` `list`). */
export const listsAll = (identity: Identity) => identity.roles.can('access_request', 'list');

/** Whether a caller may use the requests pages at all: rules, or something to request, or something to review. */
export const usesRequests = (identity: Identity) =>
  listsAll(identity) ||
  identity.roles.requestable().roles.length > 0 ||
  identity.roles.searchAsRoles().length > 0 ||
  identity.roles.reviewableRoles().length > 0;

/** A requester sees their own requests, a reviewer those they may review, a holder of the list rule all. */
export const maySee = (identity: Identity, r: AccessRequest) =>
  r.username === identity.user.name || listsAll(identity) || identity.roles.mayReview(r.roles);

/** Why the caller may not review the request now (the error they get), or undefined when they may. */
export function reviewRefusal(identity: Identity, r: AccessRequest, now: number): HttpError | undefined {
  if (r.username === identity.user.name) return forbidden('you cannot review your own access request');
  if (!identity.roles.mayReview(r.roles)) {
    const uncovered = r.roles.filter((role) => !identity.roles.mayReview([role]));
    return forbidden(
      `access denied: your roles' review_requests do not cover ${uncovered.join(', ')}, which this request asks for`,
    );
  }
  if (r.state !== 'PENDING')
    return conflict(`this access request is already ${r.state}: it can no longer be reviewed`);
  if (r.expiresAt <= now)
    return conflict(
      `this access request expired at ${new Date(r.expiresAt).toISOString()}: it can no longer be reviewed`,
    );
  if (r.reviews.some((v) => v.author === identity.user.name))
    return conflict('you already reviewed this access request');
  return undefined;
}

/** Why the caller may not assume the request's access now, or undefined when they may. */
export function assumeRefusal(identity: Identity, r: AccessRequest, now: number): HttpError | undefined {
  if (r.username !== identity.user.name) return forbidden('you can only assume your own access requests');
  if (r.state === 'DENIED') return forbidden(`access request ${r.id} was denied: it cannot be assumed`);
  if (r.state === 'PENDING')
    return conflict(`access request ${r.id} is still pending: it can be assumed once it is approved`);
  if (r.expiresAt <= now)
    return conflict(
      `access request ${r.id} expired at ${new Date(r.expiresAt).toISOString()}: request access again`,
    );
  return undefined;
}
