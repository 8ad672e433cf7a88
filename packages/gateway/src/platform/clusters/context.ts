import type { Identity } from '../access/identity';
import { userAcl } from '../../management/roles/acl';
import type { presentCluster } from './presenter';

/** The user context of GET /sites/{clusterId}/context (spec §3 "User context", wire notes). */
export function presentUserContext(identity: Identity, cluster: ReturnType<typeof presentCluster>) {
  const requestable = identity.roles.requestable();
  return {
    authType: identity.user.authType,
    userName: identity.user.name,
    userAcl: userAcl(identity.roles),
    cluster,
    accessStrategy: { type: 'optional', prompt: '' },
    accessCapabilities: { requestableRoles: requestable.roles, suggestedReviewers: requestable.reviewers },
  };
}
