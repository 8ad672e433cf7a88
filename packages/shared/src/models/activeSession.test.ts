import { makeActiveSession, stripPort } from './activeSession';

test('the port is stripped from addr', () => {
  expect(stripPort('10.0.0.5:3022')).toBe('10.0.0.5');
  expect(stripPort('[::1]:22')).toBe('[::1]');
  expect(stripPort('host.example.com')).toBe('host.example.com');
});

test('an ssh session row', () => {
  const s = makeActiveSession(
    {
      kind: 'ssh',
      id: 'sid-1',
      login: 'root',
      created: '2026-01-01T00:00:00Z',
      server_id: 'node-1',
      server_hostname: 'web-1',
      server_addr: '10.0.0.5:3022',
      cluster_name: 'one',
      parties: [{ user: 'alice' }],
      participantModes: ['observer', 'peer'],
      moderated: true,
    },
    Date.parse('2026-01-01T00:01:30Z'),
  );
  expect(s).toMatchObject({
    kind: 'ssh',
    sid: 'sid-1',
    namespace: 'default',
    login: 'root',
    durationText: '1 minute 30 seconds',
    serverId: 'node-1',
    resourceName: 'web-1',
    clusterId: 'one',
    addr: '10.0.0.5',
    parties: [{ user: 'alice' }],
    participantModes: ['observer', 'peer'],
    moderated: true,
  });
});

test.each([
  ['k8s', { kubernetes_cluster_name: 'kube-1' }, 'kube-1'],
  ['db', { database_name: 'orders' }, 'orders'],
  ['app', { app_name: 'grafana' }, 'grafana'],
  ['desktop', { desktop_name: 'win-1' }, 'win-1'],
] as const)('a %s session names its resource', (kind, fields, name) => {
  expect(makeActiveSession({ kind, id: 's', created: '2026-01-01T00:00:00Z', cluster_name: 'one', ...fields }).resourceName).toBe(name);
});
