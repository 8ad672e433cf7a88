import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser';
import { createCredential, getAssertion } from './webauthn';

// The browser's WebAuthn is played at the library's boundary: jsdom has no navigator.credentials.
jest.mock('@simplewebauthn/browser', () => ({
  ...jest.requireActual('@simplewebauthn/browser'),
  browserSupportsWebAuthn: jest.fn(),
  startRegistration: jest.fn(),
  startAuthentication: jest.fn(),
}));

const supported = jest.mocked(browserSupportsWebAuthn);
const register = jest.mocked(startRegistration);
const authenticate = jest.mocked(startAuthentication);

const creation = { publicKey: { challenge: 'Y2hhbGxlbmdl', rp: { name: 'Portcullis', id: 'localhost' } } };
const request = { publicKey: { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [] } };
const registration = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: {},
  clientExtensionResults: {},
};

beforeEach(() => {
  jest.resetAllMocks();
  supported.mockReturnValue(true);
});

test('a credential is created from the gateway’s options and handed back as the browser’s JSON', async () => {
  register.mockResolvedValue(registration as never);
  await expect(createCredential(creation)).resolves.toEqual(registration);
  expect(register).toHaveBeenCalledWith({ optionsJSON: creation.publicKey });
});

test('an assertion answers the gateway’s request options', async () => {
  authenticate.mockResolvedValue(registration as never);
  await expect(getAssertion(request)).resolves.toEqual(registration);
  expect(authenticate).toHaveBeenCalledWith({ optionsJSON: request.publicKey });
});

test('a browser without WebAuthn is told so, word for word, before any prompt', async () => {
  supported.mockReturnValue(false);
  const message =
    'this browser does not support Webauthn required for hardware tokens, please try the latest version of Chrome, Firefox or Safari';
  await expect(createCredential(creation)).rejects.toThrow(message);
  await expect(getAssertion(request)).rejects.toThrow(message);
  expect(register).not.toHaveBeenCalled();
  expect(authenticate).not.toHaveBeenCalled();
});

test('a prompt that gives back no credential asks to try again, in the product’s words', async () => {
  register.mockRejectedValue(new Error('Registration was not completed'));
  authenticate.mockRejectedValue(new Error('Authentication was not completed'));
  await expect(createCredential(creation)).rejects.toThrow(/^error creating credential, please try again$/);
  await expect(getAssertion(request)).rejects.toThrow(/^error obtaining credential, please try again$/);
});

test('the browser’s own refusal keeps its message, which says what happened', async () => {
  const cancelled = new WebAuthnError({
    message: 'The operation either timed out or was not allowed.',
    code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
    cause: new Error('NotAllowedError'),
  });
  authenticate.mockRejectedValue(cancelled);
  await expect(getAssertion(request)).rejects.toBe(cancelled);
});
