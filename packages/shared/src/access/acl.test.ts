import { aclAreas, makeAcl } from './acl';
import { makeUserContext } from './userContext';

test('every ACL area of spec §3 defaults to no access', () => {
  expect(aclAreas).toHaveLength(24);
  const acl = makeAcl();
  for (const area of aclAreas) {
    expect(acl[area]).toMatchObject({ list: false, read: false, edit: false, create: false, remove: false });
  }
  expect(acl.integrations.use).toBe(false);
});

test('clipboard sharing, desktop session recording and directory sharing default to true', () => {
  const acl = makeAcl();
  expect(acl.clipboardSharingEnabled).toBe(true);
  expect(acl.desktopSessionRecording).toBe(true);
  expect(acl.directorySharing).toBe(true);
  expect(makeAcl({ directorySharing: false }).directorySharing).toBe(false);
});

test('granted flags are kept and anything else stays false', () => {
  const acl = makeAcl({ roles: { list: true, edit: true }, integrations: { use: true } });
  expect(acl.roles).toEqual({ list: true, read: false, edit: true, create: false, remove: false });
  expect(acl.integrations.use).toBe(true);
});

test('user context: username, ACL, cluster, and access strategy optional with an empty prompt', () => {
  const ctx = makeUserContext({
    authType: 'local',
    userName: 'alice',
    userAcl: { users: { list: true } },
    cluster: { name: 'one', lastConnected: '2026-01-31T14:05:09Z', status: 'online', nodeCount: 3 },
  });
  expect(ctx.username).toBe('alice');
  expect(ctx.acl.users.list).toBe(true);
  expect(ctx.cluster).toMatchObject({ clusterId: 'one', status: 'online', nodeCount: 3, url: '/web/cluster/one/' });
  expect(ctx.accessStrategy).toEqual({ type: 'optional', prompt: '' });
  expect(ctx.accessCapabilities).toEqual({ requestableRoles: [], suggestedReviewers: [] });
  expect(ctx.accessRequestId).toBeUndefined();
});
