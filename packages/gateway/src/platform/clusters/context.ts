import type { ClusterJson, UserContextJson } from '@portcullis/shared';
import { userAcl } from '../../management/roles/acl';
import type { RoleSet } from '../../management/roles/roleset';
import type { User } from '../storage/repos/users';

/** The user context of GET /sites/{clusterId}/context. */
export function presentUserContext(identity: { user: Pick<User, 'name' | 'authType'>; roles: RoleSet }, cluster: ClusterJson) {
  const requestable = identity.roles.requestable();
  const assumed = identity.roles.assumedRequestIds.at(-1);
  return {
    authType: identity.user.authType,
    userName: identity.user.name,
    userAcl: userAcl(identity.roles),
    cluster,
    accessStrategy: { type: 'optional', prompt: '' },
    accessCapabilities: { requestableRoles: requestable.roles, suggestedReviewers: requestable.reviewers },
    // The request assumed last that still grants access; the console shows its roles and offers to switch back.
    ...(assumed !== undefined && { accessRequestId: assumed }),
  } satisfies UserContextJson;
}
