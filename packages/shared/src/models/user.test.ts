import { makeResetToken, makeUser } from './user';

test('roles are sorted and a local user is labelled as such', () => {
  const user = makeUser({ name: 'alice', roles: ['editor', 'access', 'auditor'], authType: 'local' });
  expect(user.roles).toEqual(['access', 'auditor', 'editor']);
  expect(user.authType).toBe('Local User');
  expect(user.isLocal).toBe(true);
  expect(user.traits).toEqual({
    logins: [],
    databaseUsers: [],
    databaseNames: [],
    kubeUsers: [],
    kubeGroups: [],
    windowsLogins: [],
    awsRoleArns: [],
  });
});

test('an SSO user shows its connector type', () => {
  const user = makeUser({ name: 'bob', authType: 'github', traits: { logins: ['ubuntu'] } });
  expect(user.authType).toBe('github');
  expect(user.isLocal).toBe(false);
  expect(user.traits.logins).toEqual(['ubuntu']);
});

test('a reset token', () => {
  expect(makeResetToken({ user: 'alice', expiry: '2026-01-01T00:00:00Z', tokenId: 't1' })).toEqual({
    username: 'alice',
    expires: new Date('2026-01-01T00:00:00Z'),
    value: 't1',
  });
});
