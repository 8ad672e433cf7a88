import type { Random } from './random';

/**
 * Path parameter values as they go on the wire: percent-encoded where a client would encode them, and raw
 * where the point is bytes a client should never send. Strings are written to the socket as latin1, so
 * '\xff' is the single byte 0xff, which is not UTF-8.
 */
export const hostileSegments: readonly string[] = [
  '..%2F..%2Fetc%2Fpasswd',
  '..%2f..%2f..%2f..%2f..%2fetc%2fshadow',
  '%2e%2e',
  '..',
  '%00',
  'fuzz%00.json',
  '%E0%A4%A',
  '%',
  '%zz',
  '%C0%AF',
  '%FF%FE%FD',
  '\xff\xfe\xc0',
  'x'.repeat(5000),
  '%F0%9F%92%A9%E2%80%AE%E2%80%8B',
  encodeURIComponent('名前'),
  '-1',
  '1e308',
  'NaN',
  '__proto__',
  'constructor',
  '%0d%0aSet-Cookie:%20injected=1',
  encodeURIComponent('<script>alert(1)</script>'),
  encodeURIComponent("' OR 1=1 --"),
];

/** A value a route's own checks accept far enough to run: the local cluster, else a plain word. */
export const plainSegment = (param: string) => (param === 'clusterId' ? 'localhost' : 'fuzz');

/** A concrete path for a route pattern, each `:param` (and a trailing `*`) filled by `value`. */
export function fillPath(url: string, value: (param: string) => string): string {
  return url.replace(/:(\w+)/g, (_, param: string) => value(param)).replace('*', () => value('*'));
}

/** The query parameters the routes read, so hostile values reach the schemas that check them. */
export const queryKeys: readonly string[] = [
  'limit',
  'startKey',
  'sort',
  'query',
  'search',
  'searchAsRoles',
  'from',
  'to',
  'start',
  'end',
  'order',
  'include',
  'at',
  'offset',
  'bytes',
  'location',
  'filename',
  'webauthn',
  'params',
  'access_token',
  'conversation_id',
  'connector_id',
  'redirect_url',
  'code',
  'state',
  'traceparent',
];

/** Values for any query parameter, already encoded for the query string. */
export const hostileQueryValues: readonly string[] = [
  '',
  '-1',
  '0',
  '1e308',
  '9007199254740993',
  'Infinity',
  'NaN',
  '0x10',
  '%7B',
  encodeURIComponent('{"server_id":null,"login":[],"term":{"w":1e308,"h":-1}}'),
  encodeURIComponent('{"__proto__":{"polluted":true}}'),
  encodeURIComponent('['.repeat(5000) + ']'.repeat(5000)),
  '%E0%A4%A',
  '\xff\xfe',
  '%FF%FE',
  '%00',
  'x'.repeat(6000),
  encodeURIComponent('name:asc:desc'),
  encodeURIComponent('labels["env"] == "prod" &&'),
  encodeURIComponent('https://evil.example/'),
  encodeURIComponent('//evil.example'),
];

/** Whole query strings whose shape, not one value, is the problem. */
export const hostileQueryStrings: readonly string[] = [
  '?',
  '?&&&=&=',
  '?limit=1&limit=2&limit=3',
  '?limit[]=1',
  '?__proto__[polluted]=1&constructor[prototype][polluted]=1',
  '?%E0%A4%A=1',
  '?\xff=\xfe',
  `?${Array.from({ length: 2000 }, (_, i) => `k${i}=${i}`).join('&')}`,
];

/** One hostile query for the file-transfer route's `location`: traversal, injection and bytes that are not a path. */
export const hostileLocations: readonly string[] = [
  '../../../../../../../../etc/passwd',
  '..%2F..%2F..%2F..%2Fetc%2Fshadow',
  '~/../../../root/.ssh/authorized_keys',
  '/etc/shadow',
  '%2Fetc%2Fpasswd%00.png',
  '-rf%20%2F',
  encodeURIComponent('$(id)'),
  encodeURIComponent('`id`'),
  encodeURIComponent("'; id; '"),
  encodeURIComponent('C:\\Windows\\win.ini'),
  '\xff\xfe',
  '%E0%A4%A',
  'a/'.repeat(2500),
];

/** A query string of one to three hostile key=value pairs. */
export function randomQuery(random: Random): string {
  const pairs = Array.from({ length: 1 + random.int(3) }, () => `${random.pick(queryKeys)}=${random.pick(hostileQueryValues)}`);
  return `?${pairs.join('&')}`;
}
