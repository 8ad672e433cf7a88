import { ThemeProvider } from '@portcullis/design';
import type { DaemonLoginRequest } from '@portcullis/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createDaemonClient } from '../daemon/daemonClient';
import { profile } from '../testing/fixtures';
import { server } from '../testing/server';
import { SignInForm } from './SignInForm';

const renderForm = (onSignedIn = jest.fn()) => {
  render(
    <ThemeProvider>
      <SignInForm daemon={createDaemonClient()} onSignedIn={onSignedIn} />
    </ThemeProvider>,
  );
  return onSignedIn;
};

test('a cluster that wants a second factor gets the authenticator code on the second try', async () => {
  const user = userEvent.setup();
  const asked: DaemonLoginRequest[] = [];
  server.use(
    http.post('/v1/daemon/profiles/login', async ({ request }) => {
      const body = (await request.json()) as DaemonLoginRequest;
      asked.push(body);
      if (!body.otpCode) {
        return HttpResponse.json(
          { error: { message: 'enter the code from your authenticator app' }, needsOtp: true },
          { status: 400 },
        );
      }
      return HttpResponse.json(profile());
    }),
  );
  const onSignedIn = renderForm();

  await user.type(screen.getByLabelText('Proxy address *'), 'localhost:3080');
  await user.type(screen.getByLabelText('User *'), 'alice');
  await user.type(screen.getByLabelText('Password *'), 'secret');
  expect(screen.queryByLabelText('Authenticator code')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  expect(await screen.findByText('enter the code from your authenticator app')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Authenticator code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  await screen.findByRole('button', { name: 'Sign in' });
  expect(asked).toEqual([
    { proxy: 'localhost:3080', user: 'alice', password: 'secret' },
    { proxy: 'localhost:3080', user: 'alice', password: 'secret', otpCode: '123456' },
  ]);
  expect(onSignedIn).toHaveBeenCalledWith(profile());
});

test('a refusal is shown as the daemon words it, and nothing is signed in', async () => {
  const user = userEvent.setup();
  server.use(
    http.post('/v1/daemon/profiles/login', () =>
      HttpResponse.json({ error: { message: 'invalid credentials' } }, { status: 403 }),
    ),
  );
  const onSignedIn = renderForm();
  await user.type(screen.getByLabelText('Proxy address *'), 'localhost:3080');
  await user.type(screen.getByLabelText('User *'), 'alice');
  await user.type(screen.getByLabelText('Password *'), 'wrong');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('invalid credentials')).toBeInTheDocument();
  expect(screen.queryByLabelText('Authenticator code')).not.toBeInTheDocument();
  expect(onSignedIn).not.toHaveBeenCalled();
});

test('the fields are asked for before anything is sent', async () => {
  const user = userEvent.setup();
  renderForm();
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Give the address of the cluster’s gateway')).toBeInTheDocument();
  expect(screen.getByText('Give your password')).toBeInTheDocument();
});
