import { pathInCluster } from './pathInCluster';

test.each([
  ['/web/cluster/root/nodes', '/web/cluster/leaf/nodes'],
  ['/web/cluster/root/console/node/n-1/root', '/web/cluster/leaf/console/node/n-1/root'],
  ['/web/cluster/east%201/nodes', '/web/cluster/leaf/nodes'],
  ['/web/cluster/root/', '/web/cluster/leaf/'],
  ['/web/cluster/root', '/web/cluster/leaf/'],
  // The rest of the path stays encoded as it was, so a name with a slash or a space survives the switch.
  [
    '/web/cluster/root/desktops/win%2F1/Administrator%20x',
    '/web/cluster/leaf/desktops/win%2F1/Administrator%20x',
  ],
])('%s in the other cluster is %s', (from, to) => {
  expect(pathInCluster(from, 'leaf')).toBe(to);
});

test.each(['/web/users', '/web/clusters', '/web/trust', '/web'])(
  '%s, outside any cluster, leads to the cluster’s own page',
  (from) => {
    expect(pathInCluster(from, 'leaf')).toBe('/web/cluster/leaf/');
  },
);

test('the cluster id is encoded into the path', () => {
  expect(pathInCluster('/web/cluster/a/nodes', 'east 1/x')).toBe('/web/cluster/east%201%2Fx/nodes');
});
