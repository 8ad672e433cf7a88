import type { AccessRequestFixture, Viewer } from '@portcullis/gateway/wire';

/*
 * The people and the request the access request tests share. Their JSON comes from the gateway's presenters
 * (accessRequestJson, accessContextJson in @portcullis/gateway/wire), so what a viewer may review or assume,
 * and what they may request, is the gateway's verdict on these roles rather than a flag a test sets.
 */

/** alice's role: she may request dba and auditor, suggesting bob as reviewer. */
const requestsDba = `kind: role
metadata: { name: dba-requester }
spec:
  allow:
    request: { roles: [dba, auditor], suggested_reviewers: [bob] }
`;

/** bob's role: he may review requests for dba and auditor. */
const reviewsDba = `kind: role
metadata: { name: dba-reviewer }
spec:
  allow:
    review_requests: { roles: [dba, auditor] }
`;

/** alice, the requester of dbaRequest. */
export const requester: Viewer = { name: 'alice', areas: ['accessRequests'], roles: [requestsDba] };

/** bob, a reviewer of dba and auditor requests. */
export const reviewer: Viewer = { name: 'bob', areas: ['accessRequests'], roles: [reviewsDba] };

/** carol, who sees every request (her rules allow listing them) but may neither request nor review any. */
export const bystander: Viewer = { name: 'carol', areas: ['accessRequests'] };

/** A pending request by alice for the `dba` role, needing one approval, expiring in 2030. */
export const dbaRequest = (overrides: Partial<AccessRequestFixture> = {}): AccessRequestFixture => ({
  id: 'req-1',
  user: 'alice',
  roles: ['dba'],
  reason: 'Rotate the database password',
  suggestedReviewers: ['bob'],
  approvalsNeeded: 1,
  created: '2029-12-31T10:00:00Z',
  expires: '2030-01-02T03:04:05Z',
  ...overrides,
});
