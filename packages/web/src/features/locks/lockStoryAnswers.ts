import type { LockJson, NodeJson, ResourceJson, UserJson } from '@portcullis/shared';
import { adminContext } from '../../stories/storyGateway';

const contextPath = 'GET /v1/webapi/sites/localhost/context';
const all = { list: true, read: true, edit: true, create: true, remove: true };

/** The stories' administrator, who may also list, create and remove locks. */
export const lockAdminContext = {
  ...adminContext,
  [contextPath]: {
    ...adminContext[contextPath],
    userAcl: { ...adminContext[contextPath].userAcl, lock: all },
  },
};

// Local time, so the Expiration column reads the same wherever the story renders.
const expires = new Date(2030, 0, 2, 3, 4, 5).toISOString();

export const storyLocks: LockJson[] = [
  {
    name: '6f1c7a52-9d0e-4c1b-8a55-3f2d6c1e9b01',
    targets: { user: 'alice' },
    message: 'Laptop reported stolen',
    expires,
    createdAt: '2026-01-01T00:00:00Z',
    createdBy: 'admin',
  },
  {
    name: '0b9e6d1a-3c4f-4e2a-9b7d-5a8c2e1f0d34',
    targets: { role: 'contractor', node: '3d1f0c2e-node' },
    message: 'Contract ended',
    createdAt: '2026-01-01T00:00:00Z',
    createdBy: 'bob',
  },
  {
    name: '9a2b7c4d-1e3f-4a5b-8c6d-7e8f9a0b1c2d',
    targets: { login: 'root' },
    message: '',
    createdAt: '2026-01-01T00:00:00Z',
    createdBy: 'admin',
  },
];

/** What the New Lock page's Target picker lists. */
export const pickerAnswers = {
  'GET /v1/webapi/users': ['admin', 'alice', 'bob'].map((name): UserJson => ({
    name,
    roles: ['access'],
    authType: 'local',
  })),
  'GET /v1/webapi/roles': ['access', 'auditor', 'editor'].map((name): ResourceJson => ({
    kind: 'role',
    name,
    content: '',
  })),
  'GET /v1/webapi/sites/localhost/nodes': {
    items: [
      { id: 'node-id-1', siteId: 'localhost', hostname: 'web-1', addr: '10.0.0.1:22', tunnel: false },
      { id: 'node-id-2', siteId: 'localhost', hostname: 'db-1', addr: '10.0.0.2:22', tunnel: false },
    ] satisfies NodeJson[],
    totalCount: 2,
  },
};
