import { resetTokenJson, setPasswordJson, totpRegisterChallengeJson } from '@portcullis/gateway/wire';
import { apiPaths, compilePath, decodePassword, makeWebConfig } from '@portcullis/shared';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { browserLocation } from '../../browserLocation';
import { webConfigAtom } from '../../config';
import { keyRegisterChallengeJson, registrationJson } from '../../testing/mfa';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import InvitePage from './InvitePage';

// The browser's WebAuthn is played at the library's boundary: jsdom has no navigator.credentials.
jest.mock('@simplewebauthn/browser', () => ({
  ...jest.requireActual('@simplewebauthn/browser'),
  browserSupportsWebAuthn: jest.fn(),
  startRegistration: jest.fn(),
}));

/** Bob's token tok1 as the gateway answers its lookup; invites and resets look the same (the page's path tells them apart). */
const tokenInfo = http.get(compilePath(apiPaths.resetPasswordToken, { tokenId: 'tok1' }), () =>
  HttpResponse.json(resetTokenJson('bob', 'tok1')),
);

const renderAt = (path: string) =>
  renderPage(
    <Routes>
      <Route path="/web/invite/:tokenId" element={<InvitePage />} />
      <Route path="/web/reset/:tokenId" element={<InvitePage />} />
    </Routes>,
    { path },
  );

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

test('an invitation sets the password, encoded, and opens the console', async () => {
  let body: Record<string, string> = {};
  server.use(
    tokenInfo,
    http.put(apiPaths.passwordToken, async ({ request }) => {
      body = (await request.json()) as Record<string, string>;
      // Answered inline by the gateway's route (no presenter to build it from), with the session cookie.
      return HttpResponse.json({
        recovery: { codes: [], createdDate: null },
        privateKeyPolicyEnabled: false,
      });
    }),
  );
  renderAt('/web/invite/tok1');
  expect(await screen.findByText(/Set a password for bob/)).toBeInTheDocument();
  expect(screen.getByText('Use 12 to 128 characters.')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Password'), 'a-long-enough-password');
  await userEvent.type(screen.getByLabelText('Confirm Password'), 'a-long-enough-password');
  await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
  await waitFor(() => expect(assign).toHaveBeenCalledWith('/web'));
  expect(body.token).toBe('tok1');
  expect(decodePassword(body.password!)).toBe('a-long-enough-password');
});

test('the rules are checked before the server is asked', async () => {
  server.use(tokenInfo);
  renderAt('/web/invite/tok1');
  await screen.findByText(/Set a password for bob/);
  await userEvent.type(screen.getByLabelText('Password'), 'short');
  await userEvent.type(screen.getByLabelText('Confirm Password'), 'different');
  await userEvent.click(screen.getByRole('button', { name: 'Set Password' }));
  expect(await screen.findByText('Enter at least 12 characters')).toBeInTheDocument();
  expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  expect(assign).not.toHaveBeenCalled();
});

test('a password reset uses the same screen', async () => {
  server.use(tokenInfo);
  renderAt('/web/reset/tok1');
  expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Change Password' })).toBeInTheDocument();
});

test('an expired or unknown token shows only the server’s error and the way forward', async () => {
  server.use(
    http.get(compilePath(apiPaths.resetPasswordToken, { tokenId: 'tok1' }), () =>
      HttpResponse.json(
        { error: { message: 'this invite or reset link is invalid or has expired' } },
        { status: 404 },
      ),
    ),
  );
  renderAt('/web/invite/tok1');
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'this invite or reset link is invalid or has expired',
  );
  expect(screen.getByRole('alert')).toHaveTextContent('Ask your administrator to invite you again.');
  expect(screen.queryByLabelText('Password')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Set Password' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/web/login');
});

describe('when the gateway asks for a second factor', () => {
  type Sent = { path: string; body: Record<string, unknown> };
  /** The new authenticator app's secret, as the gateway would have made it at random. */
  const totpSecret = 'JBSWY3DPEHPK3PXP';

  /** Bob's token, its register challenges and the password PUT, recording what the page sent. */
  function gatewayWithMfa(codes: string[] = []) {
    const sent: Sent[] = [];
    const record = async (request: Request) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ path: new URL(request.url).pathname, body });
      return body;
    };
    server.use(
      tokenInfo,
      http.post(
        compilePath(apiPaths.mfaRegisterChallengeWithToken, { tokenId: 'tok1' }),
        async ({ request }) => {
          const { deviceType, deviceUsage } = await record(request);
          return HttpResponse.json(
            deviceType === 'totp'
              ? await totpRegisterChallengeJson('bob', totpSecret)
              : keyRegisterChallengeJson(deviceUsage === 'passwordless'),
          );
        },
      ),
      http.put(apiPaths.passwordToken, async ({ request }) => {
        await record(request);
        return HttpResponse.json(setPasswordJson(codes));
      }),
    );
    return sent;
  }

  function renderWithConfig(auth: Record<string, unknown>, path = '/web/invite/tok1') {
    const store = createStore();
    store.set(webConfigAtom, makeWebConfig({ auth }));
    return renderPage(
      <Provider store={store}>
        <Routes>
          <Route path="/web/invite/:tokenId" element={<InvitePage />} />
          <Route path="/web/reset/:tokenId" element={<InvitePage />} />
        </Routes>
      </Provider>,
      { path },
    );
  }

  async function typePassword(user: ReturnType<typeof userEvent.setup>, password = 'a-long-enough-password') {
    await screen.findByText(/Set a password for bob/);
    if (password) {
      await user.type(screen.getByLabelText('Password'), password);
      await user.type(screen.getByLabelText('Confirm Password'), password);
    }
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Set up a second factor' })).toBeInTheDocument();
  }

  beforeEach(() => {
    jest.mocked(browserSupportsWebAuthn).mockReturnValue(true);
    jest.mocked(startRegistration).mockResolvedValue(registrationJson as never);
  });

  test('an authenticator app: the QR code and the secret as text, a device name, and the code it shows', async () => {
    const user = userEvent.setup();
    const sent = gatewayWithMfa();
    renderWithConfig({ second_factor: 'otp' });
    await typePassword(user);
    // Only one kind of device can answer a code, so there is nothing to pick.
    expect(screen.queryByRole('group', { name: 'Device type' })).not.toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(screen.getByRole('textbox', { name: 'Secret key' })).toHaveValue(totpSecret);
    expect(screen.getByLabelText('Device name')).toHaveValue('authenticator-app');
    await user.type(screen.getByLabelText('Authenticator code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/web'));
    expect(sent[0]!.body).toEqual({ deviceType: 'totp', deviceUsage: 'mfa' });
    const put = sent[1]!.body;
    expect(put).toEqual({
      token: 'tok1',
      password: put.password,
      second_factor_token: '123456',
      deviceName: 'authenticator-app',
    });
    expect(decodePassword(put.password as string)).toBe('a-long-enough-password');
  });

  test('a hardware key: named, then created by the browser from a fresh challenge', async () => {
    const user = userEvent.setup();
    const sent = gatewayWithMfa();
    renderWithConfig({ second_factor: 'on' });
    await typePassword(user);
    expect(screen.getByRole('radio', { name: 'Hardware Key' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Device type' })).toHaveTextContent(
      'Hardware KeyAuthenticator App',
    );
    await user.clear(screen.getByLabelText('Device name'));
    await user.type(screen.getByLabelText('Device name'), 'yubikey');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/web'));
    expect(startRegistration).toHaveBeenCalledWith({
      optionsJSON: keyRegisterChallengeJson().webauthn!.publicKey,
    });
    expect(sent.map((s) => s.body.deviceUsage ?? s.body.deviceName)).toEqual(['mfa', 'yubikey']);
    expect(sent[1]!.body.webauthnCreationResponse).toEqual(registrationJson);
  });

  test('a passkey lets the password stay empty: then the passkey is the one choice', async () => {
    const user = userEvent.setup();
    const sent = gatewayWithMfa();
    renderWithConfig({ second_factor: 'on', allowPasswordless: true });
    await screen.findByText(/Set a password for bob/);
    expect(screen.getByText(/Or leave it empty and sign in with a passkey only\./)).toBeInTheDocument();
    await typePassword(user, '');
    expect(screen.queryByRole('group', { name: 'Device type' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Device name')).toHaveValue('passkey');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/web'));
    expect(sent[0]!.body).toEqual({ deviceType: 'webauthn', deviceUsage: 'passwordless' });
    expect(sent[1]!.body).toEqual({
      token: 'tok1',
      password: '',
      webauthnCreationResponse: registrationJson,
      deviceName: 'passkey',
    });
  });

  test('with a password, a passkey is one of the choices, picked with the keyboard', async () => {
    const user = userEvent.setup();
    gatewayWithMfa();
    renderWithConfig({ second_factor: 'webauthn', allowPasswordless: true });
    await typePassword(user);
    expect(screen.getByRole('group', { name: 'Device type' })).toHaveTextContent('Hardware KeyPasskey');
    screen.getByRole('radio', { name: 'Hardware Key' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Passkey' })).toBeChecked();
    expect(screen.getByLabelText('Device name')).toHaveValue('passkey');
  });

  test('optional: None skips the device', async () => {
    const user = userEvent.setup();
    const sent = gatewayWithMfa();
    renderWithConfig({ second_factor: 'optional' });
    await typePassword(user);
    await user.click(screen.getByRole('radio', { name: 'None' }));
    expect(screen.queryByLabelText('Device name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/web'));
    expect(sent.map((s) => Object.keys(s.body))).toEqual([['token', 'password']]);
  });

  test('recovery codes in the answer are shown once, before the console opens', async () => {
    const user = userEvent.setup();
    gatewayWithMfa(['tele-alpha-bravo', 'tele-charlie-delta']);
    renderWithConfig({ second_factor: 'webauthn' });
    await typePassword(user);
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeInTheDocument();
    expect(screen.getByText(/tele-alpha-bravo\s+tele-charlie-delta/)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(assign).toHaveBeenCalledWith('/web');
  });

  test('a browser without WebAuthn is told so, word for word, and the password is not set', async () => {
    const user = userEvent.setup();
    jest.mocked(browserSupportsWebAuthn).mockReturnValue(false);
    const sent = gatewayWithMfa();
    renderWithConfig({ second_factor: 'webauthn' });
    await typePassword(user);
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'this browser does not support Webauthn required for hardware tokens, please try the latest version of Chrome, Firefox or Safari',
    );
    expect(sent.filter((s) => s.path === apiPaths.passwordToken)).toEqual([]);
  });

  test('a key prompt that creates no credential asks to try again', async () => {
    const user = userEvent.setup();
    jest.mocked(startRegistration).mockRejectedValue(new Error('Registration was not completed'));
    gatewayWithMfa();
    renderWithConfig({ second_factor: 'webauthn' }, '/web/reset/tok1');
    await screen.findByText(/Choose a new password for bob/);
    await user.type(screen.getByLabelText('Password'), 'a-long-enough-password');
    await user.type(screen.getByLabelText('Confirm Password'), 'a-long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('error creating credential, please try again');
  });

  test('Back returns to the password, which is kept', async () => {
    const user = userEvent.setup();
    gatewayWithMfa();
    renderWithConfig({ second_factor: 'webauthn' });
    await typePassword(user);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Password')).toHaveValue('a-long-enough-password');
  });
});
