import { pathVariants, withOptional, withoutOptional } from './templates';

test('an optional last parameter gives the path without it and the path with it', () => {
  expect(withoutOptional('/v1/webapi/roles/:name?')).toBe('/v1/webapi/roles');
  expect(withOptional('/v1/webapi/roles/:name?')).toBe('/v1/webapi/roles/:name');
  expect(pathVariants('/v1/webapi/roles/:name?')).toEqual(['/v1/webapi/roles', '/v1/webapi/roles/:name']);
});

test('several optional parameters give one form per parameter filled in, in order', () => {
  expect(pathVariants('/v1/webapi/apps/:fqdn/:clusterId?/:publicAddr?')).toEqual([
    '/v1/webapi/apps/:fqdn',
    '/v1/webapi/apps/:fqdn/:clusterId',
    '/v1/webapi/apps/:fqdn/:clusterId/:publicAddr',
  ]);
  expect(withoutOptional('/v1/webapi/apps/:fqdn/:clusterId?/:publicAddr?')).toBe('/v1/webapi/apps/:fqdn');
});

test('a template without optional parameters is its only form', () => {
  expect(pathVariants('/v1/webapi/sites/:clusterId/nodes')).toEqual(['/v1/webapi/sites/:clusterId/nodes']);
});
