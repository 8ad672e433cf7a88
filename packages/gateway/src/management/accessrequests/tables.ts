/** Row shapes of access requests and their reviews (part of storage's Tables). */
export interface AccessRequestRow {
  id: string;
  username: string;
  /** JSON string array: the roles asked for (for a resource request, the search_as_roles reaching them). */
  roles: string;
  /** JSON array of RequestedResourceId; empty for a role request. */
  resource_ids: string;
  reason: string;
  /** PENDING, APPROVED or DENIED. */
  state: string;
  /** JSON string array. */
  suggested_reviewers: string;
  approvals_needed: number;
  created_at: number;
  /** When the request, and the access it grants, ends. */
  expires_at: number;
}

export interface AccessRequestReviewRow {
  request_id: string;
  author: string;
  /** APPROVED or DENIED. */
  state: string;
  reason: string;
  created_at: number;
}

export interface AccessRequestTables {
  access_requests: AccessRequestRow;
  access_request_reviews: AccessRequestReviewRow;
}
