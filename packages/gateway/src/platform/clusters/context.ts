import type { ClusterJson, UserContextJson } from '@portcullis/shared';
import type { Identity } from '../access/identity';
import { userAcl } from '../../management/roles/acl';

/** The user context of GET /sites/{clusterId}/context (spec §3 "User context", wire notes). */
export function presentUserContext(identity: Identity, cluster: ClusterJson) {
  const requestable = identity.roles.requestable();
  return {
    authType: identity.user.authType,
    userName: identity.user.name,
    userAcl: userAcl(identity.roles),
    cluster,
    accessStrategy: { type: 'optional', prompt: '' },
    accessCapabilities: { requestableRoles: requestable.roles, suggestedReviewers: requestable.reviewers },
  } satisfies UserContextJson;
}
