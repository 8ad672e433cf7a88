import { utf8ToBase64 } from '../base64';
import { decodeBootstrapToken, makeBearerToken, tokenTimeLeft } from './bearerToken';

test('expires_in is in seconds and sessionInactiveTimeout defaults to 0', () => {
  const token = makeBearerToken({ type: 'Bearer', token: 'abc', expires_in: 600 }, 1_000);
  expect(token).toEqual({ accessToken: 'abc', expiresIn: 600, created: 1_000, sessionExpires: '', sessionInactiveTimeout: 0 });
  expect(tokenTimeLeft(token, 1_000)).toBe(600_000);
  expect(tokenTimeLeft(token, 601_000)).toBe(0);
});

test('the bootstrap meta tag is base64 of the login JSON; empty or garbage means no session', () => {
  const json = { type: 'Bearer', token: 'tök', expires_in: 60, sessionExpires: 'x', sessionInactiveTimeout: 10 };
  expect(decodeBootstrapToken(utf8ToBase64(JSON.stringify(json)), 7)).toEqual({
    accessToken: 'tök',
    expiresIn: 60,
    created: 7,
    sessionExpires: 'x',
    sessionInactiveTimeout: 10,
  });
  expect(decodeBootstrapToken('')).toBeUndefined();
  expect(decodeBootstrapToken('%%%')).toBeUndefined();
  expect(decodeBootstrapToken(utf8ToBase64('{"no":"token"}'))).toBeUndefined();
});
