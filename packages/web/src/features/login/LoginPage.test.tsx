import { loginJson } from '@portcullis/gateway/wire';
import { apiPaths, decodePassword, makeWebConfig } from '@portcullis/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider, createStore } from 'jotai';
import { http, HttpResponse } from 'msw';
import { browserLocation } from '../../browserLocation';
import { webConfigAtom } from '../../config';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import LoginPage from './LoginPage';

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
