import {
  authenticateChallengeJson,
  mfaDeviceJson,
  totpRegisterChallengeJson,
} from '@portcullis/gateway/wire';
import {
  apiPaths,
  type AuthenticateChallengeJson,
  compilePath,
  makeWebConfig,
  type MfaDeviceJson,
} from '@portcullis/shared';
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { webConfigAtom } from '../../config';
import {
  assertionJson,
  keyRegisterChallengeJson,
  registrationJson,
  unknownDeviceJson,
} from '../../testing/mfa';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import MfaDevicesPage from './MfaDevicesPage';

// The browser's WebAuthn is played at the library's boundary: jsdom has no navigator.credentials.
jest.mock('@simplewebauthn/browser', () => ({
  ...jest.requireActual('@simplewebauthn/browser'),
  browserSupportsWebAuthn: jest.fn(),
  startAuthentication: jest.fn(),
  startRegistration: jest.fn(),
}));

type Sent = { method: string; path: string; body: unknown };

/** The new authenticator app's secret, as the gateway would have made it at random. */
const totpSecret = 'JBSWY3DPEHPK3PXP';

/** A device as the gateway lists it, registered on `addedAt`. */
const device = (
  name: string,
  type: 'totp' | 'webauthn',
  addedAt = '2026-03-01T12:00:00Z',
  lastUsed?: string,
) => mfaDeviceJson({ id: `id-${name}`, name, type, addedAt, ...(lastUsed && { lastUsed }) });

/** The re-authentication challenge of a user with an authenticator app and the key Y3JlZC0x. */
const keyOrCode = () => authenticateChallengeJson({ totp: true, credentialIds: ['Y3JlZC0x'] });
const codeOnly = () => authenticateChallengeJson({ totp: true });

/**
 * The gateway's device calls over a list it keeps: `initial` at first, changed by POST and DELETE. The
 * re-authentication answers with `challenge`; the privilege token is "priv-1".
 */
async function gateway(
  initial: MfaDeviceJson[],
  challenge: AuthenticateChallengeJson | Promise<AuthenticateChallengeJson> = keyOrCode(),
) {
  const reauth = await challenge;
  let list = [...initial];
  const sent: Sent[] = [];
  const record = async (request: Request) => {
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    sent.push({ method: request.method, path: decodeURIComponent(new URL(request.url).pathname), body });
    return body as Record<string, unknown>;
  };
  server.use(
    http.get(apiPaths.mfaDevices, () => HttpResponse.json(list)),
    http.post(apiPaths.mfaAuthenticateChallenge, async ({ request }) => {
      await record(request);
      return HttpResponse.json(reauth);
    }),
    http.post(apiPaths.privilegeToken, async ({ request }) => {
      const body = await record(request);
      if (body.secondFactorToken === '000000') {
        return HttpResponse.json(
          { error: { message: 'the authenticator code is not valid' } },
          { status: 400 },
        );
      }
      return HttpResponse.json('priv-1');
    }),
    http.post(
      compilePath(apiPaths.mfaRegisterChallengeWithToken, { tokenId: 'priv-1' }),
      async ({ request }) => {
        const body = await record(request);
        return HttpResponse.json(
          body.deviceType === 'totp'
            ? await totpRegisterChallengeJson('alice', totpSecret)
            : keyRegisterChallengeJson(),
        );
      },
    ),
    http.post(apiPaths.mfaDevices, async ({ request }) => {
      const body = await record(request);
      list = [...list, device(body.deviceName as string, body.secondFactorToken ? 'totp' : 'webauthn')];
      return HttpResponse.json({ message: 'ok' });
    }),
    http.delete(apiPaths.mfaDeviceWithToken, async ({ request, params }) => {
      await record(request);
      if (list.length === 1) {
        return HttpResponse.json(
          { error: { message: 'cannot remove the last MFA device while a second factor is required' } },
          { status: 409 },
        );
      }
      list = list.filter((d) => d.name !== params.deviceName);
      return HttpResponse.json({ message: 'ok' });
    }),
  );
  return { sent, reauth };
}

async function renderDevices(auth: Record<string, unknown> = { second_factor: 'on' }) {
  const store = createStore();
  store.set(webConfigAtom, makeWebConfig({ auth }));
  await act(async () => {
    renderPage(
      <Provider store={store}>
        <Suspense fallback="loading">
          <MfaDevicesPage />
        </Suspense>
      </Provider>,
      { path: '/web/account/twofactor' },
    );
  });
  return screen.findByRole('table', { name: 'Two-factor devices' });
}

beforeEach(() => {
  jest.mocked(browserSupportsWebAuthn).mockReturnValue(true);
  jest.mocked(startAuthentication).mockResolvedValue(assertionJson as never);
  jest.mocked(startRegistration).mockResolvedValue(registrationJson as never);
});

test('lists each device by name and as the device model describes it, with its registered and last-used dates', async () => {
  await gateway([
    device('phone', 'totp', '2026-02-03T12:00:00Z', '2026-02-10T12:00:00Z'),
    device('yubikey', 'webauthn', '2026-03-01T12:00:00Z', '2026-03-14T12:00:00Z'),
    unknownDeviceJson('pager'),
  ]);
  const table = await renderDevices();
  expect(screen.getByRole('heading', { level: 1, name: 'Two-Factor Devices' })).toBeInTheDocument();
  const cells = (name: string) =>
    within(within(table).getByRole('row', { name: new RegExp(name) }))
      .getAllByRole('cell')
      .map((c) => c.textContent);
  expect(cells('phone').slice(0, 4)).toEqual(['phone', 'Authenticator App', '2026-02-03', '2026-02-10']);
  expect(cells('yubikey').slice(0, 4)).toEqual(['yubikey', 'Hardware Key', '2026-03-01', '2026-03-14']);
  expect(cells('pager').slice(0, 4)).toEqual(['pager', 'unknown device', '2026-03-02', '2026-03-02']);
});

test('adding an authenticator app: a key tap first, then the QR code and secret, a name and the app’s code', async () => {
  const user = userEvent.setup();
  const { sent, reauth } = await gateway([device('yubikey', 'webauthn')]);
  await renderDevices();
  await user.click(screen.getByRole('button', { name: 'Add Device' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Two-Factor Device' });
  expect(await within(dialog).findByText('Verify it is you before adding a device.')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Use security key' }));
  expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: reauth.webauthn_challenge!.publicKey });
  await user.click(await within(dialog).findByRole('radio', { name: 'Authenticator App' }));
  expect(
    await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeInTheDocument();
  expect(within(dialog).getByRole('textbox', { name: 'Secret key' })).toHaveValue(totpSecret);
  await user.clear(within(dialog).getByLabelText('Device name'));
  await user.type(within(dialog).getByLabelText('Device name'), 'phone');
  await user.type(within(dialog).getByLabelText('Authenticator code'), '123456');
  await user.click(within(dialog).getByRole('button', { name: 'Add Device' }));
  expect(await screen.findByRole('row', { name: /phone/ })).toHaveTextContent('Authenticator App');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent.map((s) => [s.method, s.path, s.body])).toEqual([
    ['POST', apiPaths.mfaAuthenticateChallenge, { scope: 'reauth' }],
    ['POST', apiPaths.privilegeToken, { webauthnAssertionResponse: assertionJson }],
    ['POST', '/v1/webapi/mfa/token/priv-1/registerchallenge', { deviceType: 'totp', deviceUsage: 'mfa' }],
    [
      'POST',
      apiPaths.mfaDevices,
      { tokenId: 'priv-1', deviceName: 'phone', deviceUsage: 'mfa', secondFactorToken: '123456' },
    ],
  ]);
});

test('a first device needs no second factor: the empty request buys the token, then a key is created', async () => {
  const user = userEvent.setup();
  const { sent } = await gateway([]);
  await renderDevices({ second_factor: 'optional', allowPasswordless: true });
  expect(screen.getByText('No two-factor devices registered')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Add Device' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Two-Factor Device' });
  // Adding is never skipping: None is not offered here.
  expect(await within(dialog).findByRole('group', { name: 'Device type' })).toHaveTextContent(
    'Hardware KeyPasskeyAuthenticator App',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Add Device' }));
  expect(await screen.findByRole('row', { name: /security-key/ })).toHaveTextContent('Hardware Key');
  expect(sent.map((s) => s.body)).toEqual([
    {},
    { deviceType: 'webauthn', deviceUsage: 'mfa' },
    {
      tokenId: 'priv-1',
      deviceName: 'security-key',
      deviceUsage: 'mfa',
      webauthnRegisterResponse: registrationJson,
    },
  ]);
});

test('a wrong code at re-authentication is shown, and the next try answers a new challenge', async () => {
  const user = userEvent.setup();
  const { sent } = await gateway([device('phone', 'totp')], codeOnly());
  await renderDevices();
  await user.click(screen.getByRole('button', { name: 'Add Device' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Two-Factor Device' });
  await user.type(await within(dialog).findByLabelText('Authenticator code'), '000000{Enter}');
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('the authenticator code is not valid');
  await waitFor(() =>
    expect(sent.filter((s) => s.path === apiPaths.mfaAuthenticateChallenge)).toHaveLength(2),
  );
  await user.clear(within(dialog).getByLabelText('Authenticator code'));
  await user.type(within(dialog).getByLabelText('Authenticator code'), '123456{Enter}');
  expect(await within(dialog).findByLabelText('Device name')).toBeInTheDocument();
});

test('removing a device re-authenticates, then deletes it with the privilege token', async () => {
  const user = userEvent.setup();
  const { sent } = await gateway([device('yubikey', 'webauthn'), device('phone', 'totp')], codeOnly());
  await renderDevices();
  await user.click(screen.getByRole('button', { name: 'Remove phone' }));
  const dialog = screen.getByRole('dialog', { name: 'Remove phone?' });
  expect(
    await within(dialog).findByText(/Verify it is you to remove phone \(Authenticator App\)/),
  ).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText('Authenticator code'), '123456{Enter}');
  await waitFor(() => expect(screen.queryByRole('row', { name: /phone/ })).not.toBeInTheDocument());
  expect(await screen.findByRole('row', { name: /yubikey/ })).toBeInTheDocument();
  expect(sent.at(-1)).toEqual({
    method: 'DELETE',
    path: '/v1/webapi/mfa/token/priv-1/devices/phone',
    body: undefined,
  });
});

test('the server’s refusal to remove the last device is shown, and the device stays', async () => {
  const user = userEvent.setup();
  await gateway([device('yubikey', 'webauthn')]);
  await renderDevices();
  await user.click(screen.getByRole('button', { name: 'Remove yubikey' }));
  const dialog = screen.getByRole('dialog', { name: 'Remove yubikey?' });
  await user.click(await within(dialog).findByRole('button', { name: 'Use security key' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'cannot remove the last MFA device while a second factor is required',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Done' }));
  expect(screen.getByRole('row', { name: /yubikey/ })).toBeInTheDocument();
});

test('with the second factor off there is nothing to add', async () => {
  await gateway([]);
  await renderDevices({ second_factor: 'off' });
  expect(screen.getByText('Two-factor authentication is turned off on this cluster.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add Device' })).not.toBeInTheDocument();
});
