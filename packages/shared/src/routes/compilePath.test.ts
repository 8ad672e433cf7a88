import { compilePath, compiledPathCount, PATH_CACHE_LIMIT } from './compilePath';
import { apiPaths } from './apiPaths';
import { webRoutes } from './webRoutes';

test('fills and encodes parameters', () => {
  expect(compilePath(webRoutes.consoleConnect, { clusterId: 'one', serverId: 'node 1', login: 'root' })).toBe(
    '/web/cluster/one/console/node/node%201/root',
  );
  expect(compilePath(apiPaths.roles)).toBe('/v1/webapi/roles');
  expect(compilePath(apiPaths.roles, { name: 'editor' })).toBe('/v1/webapi/roles/editor');
  expect(compilePath(webRoutes.appLauncher, { fqdn: 'grafana.example.com' })).toBe('/web/launch/grafana.example.com');
});

test('a missing required parameter is a TypeError', () => {
  expect(() => compilePath(webRoutes.nodes, {})).toThrow(TypeError);
});

test('a mismatching required parameter is a TypeError', () => {
  expect(() => compilePath(webRoutes.nodes, { clusterId: '' })).toThrow(TypeError);
});

test('keeps at most 10000 compiled templates', () => {
  expect(PATH_CACHE_LIMIT).toBe(10000);
  for (let i = 0; i <= PATH_CACHE_LIMIT; i++) compilePath(`/cache-test/${i}/:id`, { id: 'x' });
  expect(compiledPathCount()).toBe(10000);
});
