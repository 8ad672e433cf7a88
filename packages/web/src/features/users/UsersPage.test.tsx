import { apiPaths, compilePath, type AclArea, type ResetTokenJson, type ResourceJson } from '@portcullis/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import UsersPage from './UsersPage';

type UserJson = { name: string; roles: string[]; authType: string; traits?: Record<string, string[]> };

/** An in-memory user store behind the gateway's user routes, recording what the page sends. */
function usersGateway(initial: UserJson[], areas: AclArea[] = ['users', 'roles']) {
  const users = [...initial];
  const sent: {
    created?: UserJson;
    updated?: UserJson;
    token?: { name: string; type: string };
    deleted?: string;
  } = {};
  server.use(
    ...userContextHandlers(areas),
    http.get(apiPaths.users, () => HttpResponse.json(users)),
    http.get(compilePath(apiPaths.roles), () =>
      HttpResponse.json(
        ['access', 'editor'].map((name): ResourceJson => ({ kind: 'role', name, content: '' })),
      ),
    ),
    http.post(apiPaths.users, async ({ request }) => {
      sent.created = (await request.json()) as UserJson;
      users.push({ ...sent.created, authType: 'local' });
      return HttpResponse.json(sent.created);
    }),
    http.put(apiPaths.users, async ({ request }) => {
      sent.updated = (await request.json()) as UserJson;
      return HttpResponse.json(sent.updated);
    }),
    http.post(apiPaths.passwordToken, async ({ request }) => {
      sent.token = (await request.json()) as { name: string; type: string };
      return HttpResponse.json({
        user: sent.token.name,
        expiry: '2030-01-02T03:04:05Z',
        tokenId: 'tok-123',
      } satisfies ResetTokenJson);
    }),
    http.delete(apiPaths.user, ({ params }) => {
      sent.deleted = params.username as string;
      users.splice(
        users.findIndex((u) => u.name === params.username),
        1,
      );
      return HttpResponse.json({ message: 'ok' });
    }),
  );
  return sent;
}

async function renderUsers() {
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <UsersPage />
      </Suspense>,
      { path: '/web/users' },
    );
  });
}

test('lists users with their roles and type, and filters them by search', async () => {
  usersGateway([
    { name: 'alice', roles: ['editor', 'access'], authType: 'local' },
    { name: 'bob', roles: ['access'], authType: 'local' },
  ]);
  await renderUsers();
  const table = await screen.findByRole('table', { name: 'Users' });
  expect(
    within(within(table).getByRole('row', { name: /alice/ }))
      .getAllByText(/^(access|editor)$/)
      .map((l) => l.textContent),
  ).toEqual(['access', 'editor']);
  expect(within(table).getByRole('row', { name: /alice/ })).toHaveTextContent('Local User');
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'bob');
  await waitFor(() => expect(within(table).queryByRole('row', { name: /alice/ })).not.toBeInTheDocument());
  expect(within(table).getByRole('row', { name: /bob/ })).toBeInTheDocument();
});

test('creating a user sends roles and traits, then shows the invite link with its expiry', async () => {
  const sent = usersGateway([]);
  await renderUsers();
  await userEvent.click(await screen.findByRole('button', { name: 'Create New User' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create User' });
  await userEvent.type(within(dialog).getByLabelText('Username'), 'carol');
  await userEvent.click(within(dialog).getByLabelText('Roles'));
  await userEvent.click(await screen.findByRole('option', { name: 'access' }));
  // The traits start collapsed, so the dialog fits the window; opening them keeps what was typed.
  const traits = within(dialog).getByRole('button', { name: 'Traits' });
  expect(traits).toHaveAttribute('aria-expanded', 'false');
  expect(within(dialog).queryByLabelText('Logins')).not.toBeInTheDocument();
  await userEvent.click(traits);
  expect(traits).toHaveAttribute('aria-expanded', 'true');
  await userEvent.type(within(dialog).getByLabelText('Logins'), 'root, ubuntu');
  await userEvent.click(traits);
  expect(within(dialog).queryByLabelText('Logins')).not.toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
  const created = await screen.findByRole('dialog', { name: 'User Created' });
  expect(sent.created).toMatchObject({
    name: 'carol',
    roles: ['access'],
    traits: { logins: ['root', 'ubuntu'], kubeUsers: [] },
  });
  expect(sent.token).toEqual({ name: 'carol', type: 'invite' });
  expect(within(created).getByLabelText('Link')).toHaveValue(`${window.location.origin}/web/invite/tok-123`);
  expect(created).toHaveTextContent('2030-01-02');
  expect(within(created).getByRole('button', { name: 'Copy Link' })).toBeInTheDocument();
});

test('the traits open from the keyboard too', async () => {
  usersGateway([]);
  await renderUsers();
  await userEvent.click(await screen.findByRole('button', { name: 'Create New User' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create User' });
  within(dialog).getByRole('button', { name: 'Traits' }).focus();
  await userEvent.keyboard('{Enter}');
  expect(within(dialog).getByLabelText('Logins')).toBeInTheDocument();
  await userEvent.keyboard(' ');
  expect(within(dialog).queryByLabelText('Logins')).not.toBeInTheDocument();
});

test('a reset password shows a reset link', async () => {
  const sent = usersGateway([{ name: 'bob', roles: ['access'], authType: 'local' }]);
  await renderUsers();
  await userEvent.click(await screen.findByRole('button', { name: 'Actions for bob' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Reset Password…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reset User Password' });
  expect(sent.token).toEqual({ name: 'bob', type: 'password' });
  expect(within(dialog).getByLabelText('Link')).toHaveValue(`${window.location.origin}/web/reset/tok-123`);
});

test('delete asks first, then removes the user from the list', async () => {
  const sent = usersGateway([{ name: 'bob', roles: ['access'], authType: 'local' }]);
  await renderUsers();
  await userEvent.click(await screen.findByRole('button', { name: 'Actions for bob' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete User?' });
  expect(sent.deleted).toBeUndefined();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, Remove User' }));
  await waitFor(() => expect(screen.queryByRole('row', { name: /bob/ })).not.toBeInTheDocument());
  expect(sent.deleted).toBe('bob');
});

test('a failed create shows the server’s message in the dialog', async () => {
  usersGateway([]);
  server.use(
    http.post(apiPaths.users, () =>
      HttpResponse.json({ error: { message: 'roles: no such role nope' } }, { status: 400 }),
    ),
  );
  await renderUsers();
  await userEvent.click(await screen.findByRole('button', { name: 'Create New User' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create User' });
  await userEvent.type(within(dialog).getByLabelText('Username'), 'dave');
  await userEvent.click(within(dialog).getByLabelText('Roles'));
  await userEvent.click(await screen.findByRole('option', { name: 'access' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('roles: no such role nope');
});

test('editing a user keeps the name, shows its roles and traits, and saves the changes', async () => {
  const sent = usersGateway([
    { name: 'bob', roles: ['access'], authType: 'local', traits: { logins: ['bob'] } },
  ]);
  await renderUsers();
  await userEvent.click(await screen.findByRole('button', { name: 'Actions for bob' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
  expect(within(dialog).getByLabelText('Username')).toBeDisabled();
  expect(within(dialog).getByRole('button', { name: 'Traits' })).toHaveAttribute('aria-expanded', 'true');
  const logins = within(dialog).getByLabelText('Logins');
  expect(logins).toHaveValue('bob');
  await userEvent.type(logins, ', root');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() =>
    expect(sent.updated).toMatchObject({
      name: 'bob',
      roles: ['access'],
      traits: { logins: ['bob', 'root'] },
    }),
  );
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('a user who may create locks can lock a user from its row, on the New Lock page with the user chosen', async () => {
  usersGateway([{ name: 'bob', roles: ['access'], authType: 'local' }], ['users', 'roles', 'lock']);
  await renderUsers();
  await userEvent.click(await screen.findByRole('button', { name: 'Actions for bob' }));
  expect(await screen.findByRole('menuitem', { name: 'Lock' })).toHaveAttribute('href', '/web/locks/new?user=bob');
});

test('without the right to create locks the row offers no Lock action', async () => {
  usersGateway([{ name: 'bob', roles: ['access'], authType: 'local' }]);
  await renderUsers();
  await userEvent.click(await screen.findByRole('button', { name: 'Actions for bob' }));
  await screen.findByRole('menuitem', { name: 'Edit…' });
  expect(screen.queryByRole('menuitem', { name: 'Lock' })).toBeNull();
});
