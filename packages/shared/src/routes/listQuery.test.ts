import { apiPaths } from './apiPaths';
import { eventQueryPath, formatSort, listQueryPath, recordingsQueryPath } from './listQuery';

test('sort is written fieldName:direction in lower case', () => {
  expect(formatSort({ fieldName: 'hostname', dir: 'DESC' })).toBe('hostname:desc');
  expect(formatSort({ fieldName: 'name', dir: 'ASC' })).toBe('name:asc');
});

test('a list path carries the cluster and every list parameter', () => {
  const path = listQueryPath(apiPaths.nodes, {
    clusterId: 'one',
    limit: 15,
    startKey: 'k1',
    query: 'labels.env == "prod"',
    search: 'web db',
    searchAsRoles: true,
    sort: { fieldName: 'hostname', dir: 'ASC' },
  });
  expect(path).toBe(
    '/v1/webapi/sites/one/nodes?searchAsRoles=yes&limit=15&startKey=k1&query=labels.env%20%3D%3D%20%22prod%22&search=web%20db&sort=hostname%3Aasc',
  );
});

test('a list path leaves out what is not set', () => {
  expect(listQueryPath(apiPaths.apps, { clusterId: 'one' })).toBe('/v1/webapi/sites/one/apps');
});

test('event search carries from, to, limit, startKey and include', () => {
  const from = new Date('2026-01-01T00:00:00Z');
  const to = new Date('2026-01-02T00:00:00Z');
  expect(eventQueryPath(apiPaths.events, { clusterId: 'one', from, to, limit: 5000, startKey: 'n', include: 'T1000I' })).toBe(
    '/v1/webapi/sites/one/events/search?from=2026-01-01T00%3A00%3A00.000Z&to=2026-01-02T00%3A00%3A00.000Z&limit=5000&startKey=n&include=T1000I',
  );
});

test('recordings search carries start and end', () => {
  const start = new Date('2026-01-01T00:00:00Z');
  const end = new Date('2026-01-02T00:00:00Z');
  expect(recordingsQueryPath(apiPaths.recordings, { clusterId: 'one', start, end, limit: 5000 })).toBe(
    '/v1/webapi/sites/one/events/search/sessions?start=2026-01-01T00%3A00%3A00.000Z&end=2026-01-02T00%3A00%3A00.000Z&limit=5000',
  );
});
