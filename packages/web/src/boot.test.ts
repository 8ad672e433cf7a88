import { StorageKey } from '@portcullis/shared';
import { boot } from './boot';

const page = (session: string) => {
  document.head.innerHTML = `<meta name="grv_bearer_token" content="${session}">`;
  return document;
};
const encoded = (json: object) => btoa(JSON.stringify(json));

beforeEach(() => localStorage.clear());

test('takes the page’s bearer token into local storage and removes the tag', () => {
  const load = jest.fn(() => Promise.resolve());
  boot(page(encoded({ token: 'abc', expires_in: 600, sessionInactiveTimeout: 60000 })), load);
  const stored = JSON.parse(localStorage.getItem(StorageKey.TOKEN)!);
  expect(stored).toMatchObject({ accessToken: 'abc', expiresIn: 600, sessionInactiveTimeout: 60000 });
  expect(document.querySelector('meta[name="grv_bearer_token"]')).toBeNull();
});

test('a tag the server left empty (no live session) clears a token stored earlier; an unrendered one keeps it', () => {
  boot(page(encoded({ token: 'abc', expires_in: 600 })), jest.fn());
  boot(page('{{.Session}}'), jest.fn());
  expect(JSON.parse(localStorage.getItem(StorageKey.TOKEN)!)).toMatchObject({ accessToken: 'abc' });
  boot(page(''), jest.fn());
  expect(localStorage.getItem(StorageKey.TOKEN)).toBeNull();
});

test('an empty or unrendered tag stores nothing', () => {
  boot(page(''), jest.fn());
  boot(page('{{.Session}}'), jest.fn());
  expect(localStorage.getItem(StorageKey.TOKEN)).toBeNull();
});

test('telemetry loads only when its flag is exactly true', () => {
  const load = jest.fn(() => Promise.resolve());
  boot(page(''), load);
  localStorage.setItem(StorageKey.ENABLE_TELEMETRY, 'yes');
  boot(page(''), load);
  expect(load).not.toHaveBeenCalled();
  localStorage.setItem(StorageKey.ENABLE_TELEMETRY, 'true');
  boot(page(''), load);
  expect(load).toHaveBeenCalledTimes(1);
});
