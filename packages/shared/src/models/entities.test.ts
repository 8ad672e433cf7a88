import { makeConnectionDiagnostic } from './connectionDiagnostic';
import { makeJoinToken } from './joinToken';
import { makePing } from './ping';
import { makeResource } from './resource';
import { makeKube, makeNode } from './resourceItems';

test('connection diagnostic trace statuses are lower-cased', () => {
  const d = makeConnectionDiagnostic({
    id: 'c1',
    success: false,
    message: 'failed',
    traces: [{ traceType: 'rbac node', status: 'FAILED', details: 'no access', error: 'denied' }, { traceType: 'connectivity', status: 'SUCCESS', details: 'ok' }],
  });
  expect(d.traces.map((t) => t.status)).toEqual(['failed', 'success']);
  expect(d.traces[1]?.error).toBe('');
});

test('a node takes its cluster from siteId and its labels from tags', () => {
  expect(
    makeNode({ id: 'n1', siteId: 'one', hostname: 'web-1', addr: '10.0.0.5:3022', tunnel: false, tags: [{ name: 'os', value: 'linux' }, { name: 'env', value: 'prod' }] }),
  ).toEqual({
    id: 'n1',
    clusterId: 'one',
    hostname: 'web-1',
    labels: [{ name: 'env', value: 'prod' }, { name: 'os', value: 'linux' }],
    addr: '10.0.0.5:3022',
    tunnel: false,
    sshLogins: [],
  });
});

test('a kube cluster lists its users and groups', () => {
  expect(makeKube({ name: 'k', kubernetes_users: ['u'], kubernetes_groups: ['g'] })).toEqual({ name: 'k', labels: [], users: ['u'], groups: ['g'] });
});

test('a join token finds its internal resource id in the reserved label', () => {
  const token = makeJoinToken({
    id: 'tok',
    expiry: '2026-01-01T00:00:00Z',
    suggestedLabels: [{ name: 'portcullis.internal/resource-id', value: 'res-7' }],
  });
  expect(token.internalResourceId).toBe('res-7');
  expect(token.expiry).toEqual(new Date('2026-01-01T00:00:00Z'));
  expect(makeJoinToken({ id: 't', expiry: '2026-01-01T00:00:00Z' }).internalResourceId).toBe('');
});

test('a resource is identified by kind and name', () => {
  expect(makeResource({ kind: 'role', name: 'editor', content: 'kind: role' }).id).toBe('role:editor');
});

test('ping reports automatic upgrades and the assist flag', () => {
  expect(makePing({ automatic_upgrades: true, proxy: { assist_enabled: true } })).toEqual({ automaticUpgrades: true, assistEnabled: true });
  expect(makePing({})).toEqual({ automaticUpgrades: false, assistEnabled: false });
});
