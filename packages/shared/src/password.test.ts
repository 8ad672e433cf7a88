import { decodePassword, encodePassword, passwordLength } from './password';

test('passwords are sent as base64 of their UTF-8 text', () => {
  expect(encodePassword('secret')).toBe('c2VjcmV0');
  // Non-ASCII goes through UTF-8 first: 'é' is 0xC3 0xA9.
  expect(encodePassword('é')).toBe('w6k=');
  expect(encodePassword('pässwörd-🔑')).toBe(Buffer.from('pässwörd-🔑', 'utf8').toString('base64'));
  expect(decodePassword(encodePassword('pässwörd-🔑'))).toBe('pässwörd-🔑');
});

test('a password is 12 to 128 characters long, for the gateway and the console alike', () => {
  expect(passwordLength).toEqual({ min: 12, max: 128 });
});
