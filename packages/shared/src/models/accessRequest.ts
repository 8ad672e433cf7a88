/** The states of an access request: pending until reviewed; promoted is not offered by this gateway. */
export type AccessRequestState = 'PENDING' | 'APPROVED' | 'DENIED';

/** One resource asked for by id (a node today), as the resource lists name it. */
export interface RequestedResourceId {
  kind: string;
  clusterName: string;
  /** The resource's id (a node's id). */
  name: string;
}

export interface AccessReviewJson {
  author: string;
  state: Exclude<AccessRequestState, 'PENDING'>;
  reason: string;
  /** RFC 3339. */
  created: string;
}

/** An access request as GET /sites/{clusterId}/accessrequests lists it. */
export interface AccessRequestJson {
  id: string;
  user: string;
  /** The roles asked for; for a resource request, the search_as_roles that reach the resources. */
  roles: string[];
  resourceIds: RequestedResourceId[];
  reason: string;
  state: AccessRequestState;
  reviews: AccessReviewJson[];
  suggestedReviewers: string[];
  /** How many approvals it needs, from the requester's roles. */
  approvalsNeeded: number;
  /** RFC 3339: when the request, and any access it grants, ends. */
  expires: string;
  created: string;
  /** Whether the caller may review it (a reviewer who is not its author and has not reviewed it yet). */
  reviewable: boolean;
  /** Whether the caller may assume it now (its approved requester). */
  assumable: boolean;
}

/** POST /sites/{clusterId}/accessrequests: roles, or resources by id, with a reason. */
export interface CreateAccessRequest {
  roles?: string[];
  resourceIds?: RequestedResourceId[];
  reason: string;
  suggestedReviewers?: string[];
}

/** POST /sites/{clusterId}/accessrequests/{id}/reviews. */
export interface SubmitAccessReview {
  state: Exclude<AccessRequestState, 'PENDING'>;
  reason: string;
}

/** POST /sessions/web/renew: assume an approved request's access, or drop every assumed one. */
export interface RenewSessionRequest {
  requestId?: string;
  switchback?: boolean;
}
