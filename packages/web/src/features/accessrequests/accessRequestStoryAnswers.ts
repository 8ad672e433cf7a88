import type { AccessRequestJson, NodeJson } from '@portcullis/shared';
import { adminContext } from '../../stories/storyGateway';

const contextPath = 'GET /v1/webapi/sites/localhost/context';
const all = { list: true, read: true, edit: true, create: true, remove: true };

/** The stories' administrator, who may also list, create and review access requests, and request two roles. */
export const requestsContext = {
  ...adminContext,
  [contextPath]: {
    ...adminContext[contextPath],
    userAcl: { ...adminContext[contextPath].userAcl, accessRequests: all },
    accessCapabilities: { requestableRoles: ['dba', 'auditor'], suggestedReviewers: ['bob', 'carol'] },
  },
};

// Local times, so the dates read the same wherever the story renders.
const created = new Date(2029, 11, 31, 10, 0, 0).toISOString();
const expires = new Date(2030, 0, 2, 3, 4, 5).toISOString();

const request = (overrides: Partial<AccessRequestJson>): AccessRequestJson => ({
  id: 'req-1',
  user: 'alice',
  roles: ['dba'],
  resourceIds: [],
  reason: 'Rotate the database password',
  state: 'PENDING',
  reviews: [],
  suggestedReviewers: ['bob', 'carol'],
  approvalsNeeded: 2,
  expires,
  created,
  reviewable: false,
  assumable: false,
  ...overrides,
});

/** A pending request the administrator may review, one of theirs approved, one for a server, one expired. */
export const storyRequests: AccessRequestJson[] = [
  request({
    id: 'req-1',
    reviewable: true,
    reviews: [{ author: 'carol', state: 'APPROVED', reason: 'On call this week', created }],
  }),
  request({
    id: 'req-2',
    user: 'admin',
    roles: ['auditor'],
    state: 'APPROVED',
    assumable: true,
    approvalsNeeded: 1,
  }),
  request({
    id: 'req-3',
    user: 'dave',
    roles: ['node-access'],
    resourceIds: [{ kind: 'node', clusterName: 'localhost', name: 'web-1' }],
    reason: 'Debug the deploy',
  }),
  request({ id: 'req-4', user: 'erin', state: 'DENIED', expires: new Date(2026, 0, 1).toISOString() }),
];

/** The servers the New Access Request page lists (its searchAsRoles query reads the same path). */
export const requestableNodes = {
  'GET /v1/webapi/sites/localhost/nodes': {
    items: ['web-1', 'web-2', 'db-1'].map((hostname): NodeJson => ({
      id: hostname,
      siteId: 'localhost',
      hostname,
      addr: '10.0.0.1:22',
      tunnel: false,
      tags: [{ name: 'env', value: 'prod' }],
      sshLogins: [],
    })),
    startKey: '',
    totalCount: 3,
  },
};
