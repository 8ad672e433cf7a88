import { authenticateChallengeJson, loginJson, resetTokenJson } from '@portcullis/gateway/wire';
import { apiPaths, decodePassword, makeWebConfig } from '@portcullis/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider, createStore } from 'jotai';
import { http, HttpResponse } from 'msw';
import { browserLocation } from '../../browserLocation';
import { webConfigAtom } from '../../config';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import { browserSupportsWebAuthn, startAuthentication } from '@simplewebauthn/browser';
import { assertionJson } from '../../testing/mfa';
import LoginPage from './LoginPage';

// The browser's WebAuthn is played at the library's boundary: jsdom has no navigator.credentials.
jest.mock('@simplewebauthn/browser', () => ({
  ...jest.requireActual('@simplewebauthn/browser'),
  browserSupportsWebAuthn: jest.fn(),
  startAuthentication: jest.fn(),
}));

function renderLogin(config: unknown = {}, path = '/web/login') {
  const store = createStore();
  store.set(webConfigAtom, makeWebConfig(config));
  return renderPage(
    <Provider store={store}>
      <LoginPage />
    </Provider>,
    { path },
  );
}

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  jest.mocked(browserSupportsWebAuthn).mockReturnValue(true);
  jest.mocked(startAuthentication).mockResolvedValue(assertionJson as never);
});
afterEach(() => jest.restoreAllMocks());

test('signs in with an encoded password and opens the console', async () => {
  let body: Record<string, unknown> = {};
  server.use(
    http.post(apiPaths.webSession, async ({ request }) => {
      body = (await request.json()) as Record<string, unknown>;
      return HttpResponse.json(loginJson());
    }),
  );
  renderLogin();
  await userEvent.type(screen.getByLabelText('Username'), 'alice');
  await userEvent.type(screen.getByLabelText('Password'), 'pässword-123');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(assign).toHaveBeenCalled());
  expect(body.user).toBe('alice');
  expect(decodePassword(body.pass as string)).toBe('pässword-123');
  expect(assign).toHaveBeenCalledWith('/web');
});

test('goes back to the redirect_uri, kept on this origin', async () => {
  server.use(http.post(apiPaths.webSession, () => HttpResponse.json(loginJson())));
  renderLogin({}, '/web/login?redirect_uri=https://evil.example/web/users');
  await userEvent.type(screen.getByLabelText('Username'), 'alice');
  await userEvent.type(screen.getByLabelText('Password'), 'password-123');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith(`${window.location.origin}/web/users`));
});

test('shows the server’s error', async () => {
  server.use(
    http.post(apiPaths.webSession, () =>
      HttpResponse.json({ error: { message: 'invalid credentials' } }, { status: 403 }),
    ),
  );
  renderLogin();
  await userEvent.type(screen.getByLabelText('Username'), 'alice');
  await userEvent.type(screen.getByLabelText('Password'), 'wrong');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('invalid credentials');
  expect(assign).not.toHaveBeenCalled();
});

test('asks for the one-time code when the second factor is otp, and sends it', async () => {
  let body: Record<string, unknown> = {};
  server.use(
    http.post(apiPaths.webSession, async ({ request }) => {
      body = (await request.json()) as Record<string, unknown>;
      return HttpResponse.json(loginJson());
    }),
  );
  renderLogin({ auth: { second_factor: 'otp' } });
  await userEvent.type(screen.getByLabelText('Username'), 'alice');
  await userEvent.type(screen.getByLabelText('Password'), 'password-123');
  await userEvent.type(screen.getByLabelText(/Authenticator code/), '123456');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(body.second_factor_token).toBe('123456'));
});

/**
 * The gateway's key sign-in: begin checks the password and challenges the keys (alice's one key, or any passkey),
 * finish opens the session.
 */
async function keyLogin() {
  const challenge = await authenticateChallengeJson({ credentialIds: ['Y3JlZC0x'] });
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  const record = async ({ request }: { request: Request }) => {
    sent.push({
      path: new URL(request.url).pathname,
      body: (await request.json()) as Record<string, unknown>,
    });
  };
  server.use(
    http.post(apiPaths.mfaLoginBegin, async (info) => {
      await record(info);
      return HttpResponse.json(challenge);
    }),
    http.post(apiPaths.mfaLoginFinish, async (info) => {
      await record(info);
      return HttpResponse.json(loginJson());
    }),
  );
  return { sent, publicKey: challenge.webauthn_challenge!.publicKey };
}

test('with security keys, the password is checked, the key tapped, and the console opens', async () => {
  const { sent, publicKey } = await keyLogin();
  renderLogin({ auth: { second_factor: 'webauthn' } });
  await userEvent.type(screen.getByLabelText('Username'), 'alice');
  await userEvent.type(screen.getByLabelText('Password'), 'password-123');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith('/web'));
  expect(sent.map((s) => s.path)).toEqual([apiPaths.mfaLoginBegin, apiPaths.mfaLoginFinish]);
  expect(decodePassword(sent[0]!.body.pass as string)).toBe('password-123');
  expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: publicKey });
  expect(sent[1]!.body).toEqual({ user: 'alice', webauthnAssertionResponse: assertionJson });
});

test('a passkey signs in without a username or password', async () => {
  const { sent } = await keyLogin();
  renderLogin({ auth: { allowPasswordless: true } });
  await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith('/web'));
  expect(sent.map((s) => s.body)).toEqual([
    { passwordless: true },
    { webauthnAssertionResponse: assertionJson },
  ]);
});

test('a browser without WebAuthn is told so, word for word, and nothing is sent', async () => {
  jest.mocked(browserSupportsWebAuthn).mockReturnValue(false);
  const { sent } = await keyLogin();
  renderLogin({ auth: { localConnectorName: 'passwordless' } });
  await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'this browser does not support Webauthn required for hardware tokens, please try the latest version of Chrome, Firefox or Safari',
  );
  expect(sent).toEqual([]);
});

test('a key prompt that gives no credential asks to try again', async () => {
  jest.mocked(startAuthentication).mockRejectedValue(new Error('Authentication was not completed'));
  await keyLogin();
  renderLogin({ auth: { allowPasswordless: true } });
  await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('error obtaining credential, please try again');
  expect(assign).not.toHaveBeenCalled();
});

test('the passkey leads when the local connector is passwordless', () => {
  renderLogin({ auth: { localConnectorName: 'passwordless' } });
  const passkey = screen.getByRole('button', { name: 'Sign in with a passkey' });
  const local = screen.getByRole('button', { name: 'Sign in' });
  expect(passkey.compareDocumentPosition(local) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

test('no one-time code field when the second factor is off', () => {
  renderLogin();
  expect(screen.queryByLabelText(/Authenticator code/)).not.toBeInTheDocument();
});

test('single sign-on leads when the auth type is not local, the local form follows', () => {
  renderLogin({
    auth: {
      authType: 'oidc',
      providers: [
        {
          name: 'okta',
          type: 'oidc',
          displayName: 'Okta',
          url: '/v1/webapi/oidc/login/web?connector_id=okta',
        },
      ],
    },
  });
  const sso = screen.getByRole('button', { name: 'Sign in with Okta' });
  const local = screen.getByRole('button', { name: 'Sign in' });
  expect(sso.compareDocumentPosition(local) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

test('the local form leads when the auth type is local', () => {
  renderLogin({ auth: { providers: [{ name: 'okta', type: 'oidc', displayName: 'Okta', url: '/x' }] } });
  const sso = screen.getByRole('button', { name: 'Sign in with Okta' });
  const local = screen.getByRole('button', { name: 'Sign in' });
  expect(local.compareDocumentPosition(sso) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

describe('recovering an account with a recovery code', () => {
  test('is offered only when the gateway issues recovery codes', () => {
    renderLogin();
    expect(
      screen.queryByRole('button', { name: 'Lost your password or second factor?' }),
    ).not.toBeInTheDocument();
  });

  test('trades the code for a password reset and opens the reset page', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.post(apiPaths.recovery, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(resetTokenJson('alice', 'reset-token-1'));
      }),
    );
    renderLogin({ recoveryCodesEnabled: true });
    await userEvent.click(screen.getByRole('button', { name: 'Lost your password or second factor?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recover Your Account' });
    await userEvent.type(within(dialog).getByLabelText('Username'), 'alice');
    await userEvent.type(within(dialog).getByLabelText('Recovery code'), ' abcd-efgh-jkmn ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/web/reset/reset-token-1'));
    expect(body).toEqual({ user: 'alice', code: 'abcd-efgh-jkmn' });
  });

  test('says why a code was refused and lets the user try another', async () => {
    server.use(
      http.post(apiPaths.recovery, () =>
        HttpResponse.json({ error: { message: 'that recovery code is not valid' } }, { status: 403 }),
      ),
    );
    renderLogin({ recoveryCodesEnabled: true });
    await userEvent.click(screen.getByRole('button', { name: 'Lost your password or second factor?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recover Your Account' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('Enter a recovery code')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Username'), 'alice');
    await userEvent.type(within(dialog).getByLabelText('Recovery code'), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('that recovery code is not valid')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});
