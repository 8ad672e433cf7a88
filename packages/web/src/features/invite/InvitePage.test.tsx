import { resetTokenJson } from '@portcullis/gateway/wire';
import { apiPaths, compilePath, decodePassword } from '@portcullis/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { browserLocation } from '../../browserLocation';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import InvitePage from './InvitePage';

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
