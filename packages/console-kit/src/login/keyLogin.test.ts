import { type ApiClient, apiPaths, decodePassword } from '@portcullis/shared';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { loginWithPasskey, loginWithSecurityKey } from './keyLogin';

jest.mock('@simplewebauthn/browser', () => ({
  ...jest.requireActual('@simplewebauthn/browser'),
  browserSupportsWebAuthn: jest.fn(),
  startAuthentication: jest.fn(),
}));
const supported = jest.mocked(browserSupportsWebAuthn);
const authenticate = jest.mocked(startAuthentication);

const publicKey = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' };
const assertion = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key',
  response: {},
  clientExtensionResults: {},
};
const session = {
  token: 'bearer',
  expires_in: 600,
  sessionExpires: '2030-01-01T00:00:00Z',
  sessionInactiveTimeout: 0,
};

/** The gateway's two steps, recording what each was sent. */
function fakeGateway(challenge: object = { webauthn_challenge: { publicKey }, totp_challenge: false }) {
  const posts: [string, Record<string, unknown>][] = [];
  const api = {
    post: async (path: string, body: Record<string, unknown>) => {
      posts.push([path, body]);
      return path === apiPaths.mfaLoginBegin ? challenge : session;
    },
  } as unknown as ApiClient;
  return { api, posts };
}

beforeEach(() => {
  jest.resetAllMocks();
  supported.mockReturnValue(true);
  authenticate.mockResolvedValue(assertion as never);
});

test('a password then a key: begin with the encoded password, the prompt, finish as the user', async () => {
  const { api, posts } = fakeGateway();
  await expect(loginWithSecurityKey(api, { user: 'alice', pass: 'pässword-123' })).resolves.toEqual(session);
  expect(posts.map(([path]) => path)).toEqual([apiPaths.mfaLoginBegin, apiPaths.mfaLoginFinish]);
  expect(posts[0]![1].user).toBe('alice');
  expect(decodePassword(posts[0]![1].pass as string)).toBe('pässword-123');
  expect(authenticate).toHaveBeenCalledWith({ optionsJSON: publicKey });
  expect(posts[1]![1]).toEqual({ user: 'alice', webauthnAssertionResponse: assertion });
});

test('a passkey: a passwordless challenge, and a finish that names no user', async () => {
  const { api, posts } = fakeGateway();
  await loginWithPasskey(api);
  expect(posts).toEqual([
    [apiPaths.mfaLoginBegin, { passwordless: true }],
    [apiPaths.mfaLoginFinish, { webauthnAssertionResponse: assertion }],
  ]);
});

test('the browser is checked first: one without WebAuthn never sends the password', async () => {
  supported.mockReturnValue(false);
  const { api, posts } = fakeGateway();
  await expect(loginWithSecurityKey(api, { user: 'alice', pass: 'x' })).rejects.toThrow(
    'this browser does not support Webauthn required for hardware tokens, please try the latest version of Chrome, Firefox or Safari',
  );
  expect(posts).toEqual([]);
});

test('a prompt that gives no credential stops before finish, asking to try again', async () => {
  authenticate.mockRejectedValue(new Error('Authentication was not completed'));
  const { api, posts } = fakeGateway();
  await expect(loginWithPasskey(api)).rejects.toThrow('error obtaining credential, please try again');
  expect(posts).toHaveLength(1);
});

test('an account without a key is told to choose another second factor', async () => {
  const { api } = fakeGateway({ totp_challenge: true });
  await expect(loginWithSecurityKey(api, { user: 'alice', pass: 'x' })).rejects.toThrow(
    'This account has no security key registered: choose another second factor.',
  );
  expect(authenticate).not.toHaveBeenCalled();
});
