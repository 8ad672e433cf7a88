import { authenticateChallengeJson, mfaDeviceJson } from '@portcullis/gateway/wire';
import { apiPaths, decodePassword } from '@portcullis/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import AccountPage from './AccountPage';
import ChangePasswordPage from './ChangePasswordPage';

async function renderAccount(page = <AccountPage />, path = '/web/account') {
  await act(async () => {
    renderPage(<Suspense fallback="loading">{page}</Suspense>, { path });
  });
}

async function changePassword(current: string, next: string) {
  await userEvent.type(screen.getByLabelText('Current Password'), current);
  await userEvent.type(screen.getByLabelText('New Password'), next);
  await userEvent.type(screen.getByLabelText('Confirm Password'), next);
  await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
}

/** An authenticator app of the user's. */
const phone = mfaDeviceJson({ id: 'd1', name: 'phone', type: 'totp', addedAt: '2026-02-03T12:00:00Z' });

/** The user's devices as GET /mfa/devices lists them. */
const devices = (...list: ReturnType<typeof mfaDeviceJson>[]) =>
  http.get(apiPaths.mfaDevices, () => HttpResponse.json(list));

test('changes the password with both passwords encoded, then clears the form', async () => {
  let body: Record<string, string> = {};
  server.use(
    ...userContextHandlers([], 'alice'),
    devices(),
    http.put(apiPaths.changePassword, async ({ request }) => {
      body = (await request.json()) as Record<string, string>;
      return HttpResponse.json({ message: 'ok' });
    }),
  );
  await renderAccount();
  expect(await screen.findByText('Signed in as alice')).toBeInTheDocument();
  await changePassword('old-password-1', 'new-password-12');
  expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
  expect(decodePassword(body.old_password!)).toBe('old-password-1');
  expect(decodePassword(body.new_password!)).toBe('new-password-12');
  expect(Object.keys(body)).toEqual(['old_password', 'new_password']);
  expect(screen.getByLabelText('New Password')).toHaveValue('');
});

test('a wrong current password shows the server’s message', async () => {
  server.use(
    ...userContextHandlers([], 'alice'),
    devices(),
    http.put(apiPaths.changePassword, () =>
      HttpResponse.json({ error: { message: 'the old password is wrong' } }, { status: 400 }),
    ),
  );
  await renderAccount();
  await screen.findByText('Signed in as alice');
  await changePassword('nope', 'new-password-12');
  expect(await screen.findByRole('alert')).toHaveTextContent('the old password is wrong');
});

describe('a user with devices', () => {
  test('answers a second factor once the current password checks out, and the answer goes with the change', async () => {
    let checked = '';
    let body: Record<string, string> = {};
    server.use(
      devices(phone),
      http.post(apiPaths.mfaAuthenticateChallengePassword, async ({ request }) => {
        checked = decodePassword(((await request.json()) as { pass: string }).pass);
        return HttpResponse.json(await authenticateChallengeJson({ totp: true }));
      }),
      http.put(apiPaths.changePassword, async ({ request }) => {
        body = (await request.json()) as Record<string, string>;
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    await renderAccount(<ChangePasswordPage />, '/web/account/password');
    expect(screen.getByRole('heading', { level: 1, name: 'Change Password' })).toBeInTheDocument();
    await changePassword('old-password-1', 'new-password-12');
    const dialog = await screen.findByRole('dialog', { name: 'Verify Your Identity' });
    expect(dialog).toHaveTextContent('Changing your password needs a second factor.');
    expect(checked).toBe('old-password-1');
    await userEvent.type(within(dialog).getByLabelText('Authenticator code'), '123456{Enter}');
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(body.second_factor_token).toBe('123456');
  });

  test('a wrong current password is refused before any second factor is asked for', async () => {
    server.use(
      devices(phone),
      http.post(apiPaths.mfaAuthenticateChallengePassword, () =>
        HttpResponse.json({ error: { message: 'the password is wrong' } }, { status: 400 }),
      ),
    );
    await renderAccount(<ChangePasswordPage />, '/web/account/password');
    await changePassword('nope', 'new-password-12');
    expect(await screen.findByRole('alert')).toHaveTextContent('the password is wrong');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('closing the prompt changes nothing and says why', async () => {
    const put = jest.fn();
    server.use(
      devices(phone),
      http.post(apiPaths.mfaAuthenticateChallengePassword, async () =>
        HttpResponse.json(await authenticateChallengeJson({ totp: true })),
      ),
      http.put(apiPaths.changePassword, () => {
        put();
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    await renderAccount(<ChangePasswordPage />, '/web/account/password');
    await changePassword('old-password-1', 'new-password-12');
    const dialog = await screen.findByRole('dialog', { name: 'Verify Your Identity' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The second factor was not given.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(put).not.toHaveBeenCalled();
  });
});

test('the overview shows the devices too', async () => {
  server.use(
    ...userContextHandlers([], 'alice'),
    devices(mfaDeviceJson({ id: 'd2', name: 'yubikey', type: 'webauthn', addedAt: '2026-03-01T12:00:00Z' })),
  );
  await renderAccount();
  expect(await screen.findByRole('heading', { name: 'Two-Factor Devices' })).toBeInTheDocument();
  expect(await screen.findByRole('row', { name: /yubikey/ })).toHaveTextContent('Hardware Key');
});
