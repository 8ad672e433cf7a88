import {
  consoleSessionPath,
  documentTitle,
  ensureKnownRoute,
  ensureOwnOrigin,
  loginPath,
  playerPath,
} from './navigation';

const origin = 'https://portcullis.example.com';

test('an unknown route falls back to /web', () => {
  expect(ensureKnownRoute('/web/nowhere/at/all')).toBe('/web');
  expect(ensureKnownRoute('/elsewhere')).toBe('/web');
  expect(ensureKnownRoute('/web/cluster/one/nodes')).toBe('/web/cluster/one/nodes');
});

test('going to login carries redirect_uri: the absolute path plus its encoded query string', () => {
  expect(loginPath()).toBe('/web/login');
  expect(loginPath({ origin, pathname: '/web/cluster/one/audit', search: '?from=a&to=b' })).toBe(
    '/web/login?redirect_uri=https://portcullis.example.com/web/cluster/one/audit%3Ffrom%3Da%26to%3Db',
  );
  expect(loginPath({ origin, pathname: '/web/users', search: '' })).toBe(
    '/web/login?redirect_uri=https://portcullis.example.com/web/users',
  );
});

test('absolute URLs are forced onto the app origin', () => {
  expect(ensureOwnOrigin('https://evil.example.net/web/users?x=1', origin)).toBe(`${origin}/web/users?x=1`);
  expect(ensureOwnOrigin('/web/users', origin)).toBe(`${origin}/web/users`);
  expect(ensureOwnOrigin(`${origin}/web/roles`, origin)).toBe(`${origin}/web/roles`);
  expect(ensureOwnOrigin('https://portcullis.example.com.evil.net/web', origin)).toBe(`${origin}/web`);
  expect(ensureOwnOrigin('//evil.example.net/web', origin)).toBe(`${origin}/web`);
});

test('the tab title is `clusterId • title` with a cluster id in the URL, else the title', () => {
  expect(documentTitle('Servers', '/web/cluster/one/nodes')).toBe('one • Servers');
  expect(documentTitle('Users', '/web/users')).toBe('Users');
});

test('player and join paths carry their query', () => {
  expect(playerPath({ clusterId: 'one', sid: 's1', recordingType: 'desktop', durationMs: 1500 })).toBe(
    '/web/cluster/one/session/s1?recordingType=desktop&durationMs=1500',
  );
  expect(playerPath({ clusterId: 'one', sid: 's1', recordingType: 'ssh', t: 42_000 })).toBe('/web/cluster/one/session/s1?recordingType=ssh&t=42000');
  expect(consoleSessionPath({ clusterId: 'one', sid: 's1', mode: 'observer' })).toBe(
    '/web/cluster/one/console/session/s1?mode=observer',
  );
});
