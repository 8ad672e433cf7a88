import type { AccessRequestJson } from '@portcullis/shared';
import type { Identity } from '../../platform/access/identity';
import { assumeRefusal, reviewRefusal } from './policy';
import type { AccessRequest } from './repo';

const iso = (ms: number) => new Date(ms).toISOString();

/** An access request as the caller sees it: with whether they may review or assume it now. */
export function presentAccessRequest(r: AccessRequest, identity: Identity, now: number) {
  return {
    id: r.id,
    user: r.username,
    roles: r.roles,
    resourceIds: r.resourceIds,
    reason: r.reason,
    state: r.state,
    reviews: r.reviews.map((v) => ({
      author: v.author,
      state: v.state,
      reason: v.reason,
      created: iso(v.createdAt),
    })),
    suggestedReviewers: r.suggestedReviewers,
    approvalsNeeded: r.approvalsNeeded,
    expires: iso(r.expiresAt),
    created: iso(r.createdAt),
    reviewable: reviewRefusal(identity, r, now) === undefined,
    assumable: assumeRefusal(identity, r, now) === undefined,
  } satisfies AccessRequestJson;
}
