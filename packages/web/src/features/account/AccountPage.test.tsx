import { apiPaths, decodePassword } from '@portcullis/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import AccountPage from './AccountPage';

async function renderAccount() {
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <AccountPage />
      </Suspense>,
      { path: '/web/account' },
    );
  });
}

async function changePassword(current: string, next: string) {
  await userEvent.type(screen.getByLabelText('Current Password'), current);
  await userEvent.type(screen.getByLabelText('New Password'), next);
  await userEvent.type(screen.getByLabelText('Confirm Password'), next);
  await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
}

test('changes the password with both passwords encoded, then clears the form', async () => {
  let body: Record<string, string> = {};
  server.use(
    ...userContextHandlers([], 'alice'),
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
  expect(screen.getByLabelText('New Password')).toHaveValue('');
});

test('a wrong current password shows the server’s message', async () => {
  server.use(
    ...userContextHandlers([], 'alice'),
    http.put(apiPaths.changePassword, () =>
      HttpResponse.json({ error: { message: 'the old password is wrong' } }, { status: 400 }),
    ),
  );
  await renderAccount();
  await screen.findByText('Signed in as alice');
  await changePassword('nope', 'new-password-12');
  expect(await screen.findByRole('alert')).toHaveTextContent('the old password is wrong');
});
