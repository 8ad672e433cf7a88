import { makeCluster, type Cluster, type ClusterJson } from '../models/cluster';
import { makeAcl, type Acl, type AclJson } from './acl';

export type AccessStrategyType = 'optional' | 'always' | 'reason';

/** The user context JSON of GET /sites/{clusterId}/context. */
export interface UserContextJson {
  authType: string;
  userName: string;
  userAcl?: AclJson;
  cluster: ClusterJson;
  accessStrategy?: { type?: AccessStrategyType; prompt?: string };
  accessCapabilities?: { requestableRoles?: string[]; suggestedReviewers?: string[] };
  accessRequestId?: string;
}

export interface UserContext {
  username: string;
  authType: string;
  acl: Acl;
  cluster: Cluster;
  accessStrategy: { type: AccessStrategyType; prompt: string };
  accessCapabilities: { requestableRoles: string[]; suggestedReviewers: string[] };
  accessRequestId?: string;
}

export function makeUserContext(json: UserContextJson): UserContext {
  return {
    username: json.userName,
    authType: json.authType,
    acl: makeAcl(json.userAcl),
    cluster: makeCluster(json.cluster),
    accessStrategy: { type: json.accessStrategy?.type ?? 'optional', prompt: json.accessStrategy?.prompt ?? '' },
    accessCapabilities: {
      requestableRoles: json.accessCapabilities?.requestableRoles ?? [],
      suggestedReviewers: json.accessCapabilities?.suggestedReviewers ?? [],
    },
    ...(json.accessRequestId ? { accessRequestId: json.accessRequestId } : {}),
  };
}
