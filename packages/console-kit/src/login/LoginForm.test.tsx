import { ThemeProvider } from '@portcullis/design';
import { makeWebConfig } from '@portcullis/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginForm } from './LoginForm';

const okta = {
  name: 'okta',
  type: 'oidc',
  displayName: 'Okta',
  url: '/v1/webapi/oidc/login/web?connector_id=okta',
};

function renderForm(auth: Record<string, unknown> = {}) {
  const handlers = { onLogin: jest.fn(), onLoginWithKey: jest.fn(), onPasskey: jest.fn(), onSso: jest.fn() };
  render(
    <ThemeProvider>
      <LoginForm config={makeWebConfig({ auth })} {...handlers} />
    </ThemeProvider>,
  );
  return handlers;
}

/** The buttons in the order they are on the page. */
const buttonOrder = () => screen.getAllByRole('button').map((b) => b.textContent);

async function typeCredentials(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Username'), 'alice');
  await user.type(screen.getByLabelText('Password'), 'password-123');
}

describe('the primary auth type leads', () => {
  test('passwordless (the local connector is named so): the passkey first, then the form, then single sign-on', () => {
    renderForm({ localConnectorName: 'passwordless', providers: [okta] });
    expect(buttonOrder()).toEqual(['Sign in with a passkey', 'Sign in', 'Sign in with Okta']);
  });

  test('local: the form first, then a passkey when the gateway allows one, then single sign-on', () => {
    renderForm({ allowPasswordless: true, providers: [okta] });
    expect(buttonOrder()).toEqual(['Sign in', 'Sign in with a passkey', 'Sign in with Okta']);
  });

  test('sso (any other auth type): the connectors first', () => {
    renderForm({ authType: 'oidc', providers: [okta] });
    expect(buttonOrder()).toEqual(['Sign in with Okta', 'Sign in']);
  });

  test('no passkey button when passkeys are not allowed and do not lead', () => {
    renderForm();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument();
  });
});

test('the passkey button asks the app to sign in with a passkey, by pointer or keyboard', async () => {
  const user = userEvent.setup();
  const { onPasskey, onLogin } = renderForm({ localConnectorName: 'passwordless' });
  await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
  screen.getByRole('button', { name: 'Sign in with a passkey' }).focus();
  await user.keyboard('{Enter}');
  expect(onPasskey).toHaveBeenCalledTimes(2);
  expect(onLogin).not.toHaveBeenCalled();
});

test('second factor off: username and password only', async () => {
  const user = userEvent.setup();
  const { onLogin } = renderForm();
  expect(screen.queryByLabelText('Authenticator code')).not.toBeInTheDocument();
  expect(screen.queryByRole('group', { name: 'Second factor' })).not.toBeInTheDocument();
  await typeCredentials(user);
  await user.keyboard('{Enter}');
  expect(onLogin).toHaveBeenCalledWith({ user: 'alice', pass: 'password-123' });
});

test('otp: the code is required and sent with the password', async () => {
  const user = userEvent.setup();
  const { onLogin } = renderForm({ second_factor: 'otp' });
  await typeCredentials(user);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Enter the code your authenticator app shows')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Authenticator code'), '123456{Enter}');
  expect(onLogin).toHaveBeenCalledWith({ user: 'alice', pass: 'password-123', secondFactorToken: '123456' });
});

test('webauthn: no code field; the password goes to the key chain', async () => {
  const user = userEvent.setup();
  const { onLogin, onLoginWithKey } = renderForm({ second_factor: 'webauthn' });
  expect(screen.queryByLabelText('Authenticator code')).not.toBeInTheDocument();
  expect(
    screen.getByText('After your password, tap your security key when the browser asks.'),
  ).toBeInTheDocument();
  await typeCredentials(user);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(onLoginWithKey).toHaveBeenCalledWith({ user: 'alice', pass: 'password-123' });
  expect(onLogin).not.toHaveBeenCalled();
});

test('on: the user picks Hardware Key or Authenticator App, the preferred one first picked', async () => {
  const user = userEvent.setup();
  const { onLogin, onLoginWithKey } = renderForm({ second_factor: 'on', preferredLocalMfa: 'otp' });
  const group = screen.getByRole('group', { name: 'Second factor' });
  expect(group).toHaveTextContent('Hardware KeyAuthenticator App');
  expect(screen.getByRole('radio', { name: 'Authenticator App' })).toBeChecked();
  await typeCredentials(user);
  await user.type(screen.getByLabelText('Authenticator code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(onLogin).toHaveBeenCalledWith({ user: 'alice', pass: 'password-123', secondFactorToken: '123456' });
  // The arrow keys move between the choices, as for any radio group.
  screen.getByRole('radio', { name: 'Authenticator App' }).focus();
  await user.keyboard('{ArrowLeft}');
  expect(screen.getByRole('radio', { name: 'Hardware Key' })).toBeChecked();
  expect(screen.queryByLabelText('Authenticator code')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(onLoginWithKey).toHaveBeenCalledWith({ user: 'alice', pass: 'password-123' });
});

test('on without a preference picks Hardware Key first', () => {
  renderForm({ second_factor: 'on' });
  expect(screen.getByRole('radio', { name: 'Hardware Key' })).toBeChecked();
});

test('optional: None is a choice too, and picked at first', async () => {
  const user = userEvent.setup();
  const { onLogin } = renderForm({ second_factor: 'optional' });
  expect(screen.getByRole('group', { name: 'Second factor' })).toHaveTextContent(
    'Hardware KeyAuthenticator AppNone',
  );
  expect(screen.getByRole('radio', { name: 'None' })).toBeChecked();
  await typeCredentials(user);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(onLogin).toHaveBeenCalledWith({ user: 'alice', pass: 'password-123' });
});

test('while a sign-in runs, the button that started it spins and the others cannot be pressed', () => {
  render(
    <ThemeProvider>
      <LoginForm
        config={makeWebConfig({ auth: { allowPasswordless: true } })}
        busy
        onLogin={jest.fn()}
        onLoginWithKey={jest.fn()}
        onPasskey={jest.fn()}
        onSso={jest.fn()}
      />
    </ThemeProvider>,
  );
  expect(screen.getByRole('button', { name: /Sign in with a passkey/ })).toBeDisabled();
});

test('shows why the last sign-in failed', () => {
  render(
    <ThemeProvider>
      <LoginForm
        config={makeWebConfig({})}
        error="invalid credentials"
        onLogin={jest.fn()}
        onLoginWithKey={jest.fn()}
        onPasskey={jest.fn()}
        onSso={jest.fn()}
      />
    </ThemeProvider>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('invalid credentials');
});
