import { StorageKey } from '@portcullis/shared';
import { crossTabMessage } from './crossTab';

test('a renewal starting and ending in another tab', () => {
  expect(crossTabMessage({ key: StorageKey.TOKEN_RENEW, newValue: 'true' })).toEqual({
    kind: 'renewing',
    renewing: true,
  });
  expect(crossTabMessage({ key: StorageKey.TOKEN_RENEW, newValue: null })).toEqual({
    kind: 'renewing',
    renewing: false,
  });
});

test('the token removed, or local storage cleared, in another tab', () => {
  expect(crossTabMessage({ key: StorageKey.TOKEN, newValue: null })).toEqual({ kind: 'token-removed' });
  expect(crossTabMessage({ key: null, newValue: null })).toEqual({ kind: 'token-removed' });
});

test('a renewed token and other keys are not the session’s business', () => {
  expect(crossTabMessage({ key: StorageKey.TOKEN, newValue: '{"accessToken":"new"}' })).toBeNull();
  expect(crossTabMessage({ key: StorageKey.THEME, newValue: 'dark' })).toBeNull();
});
