import { lockJson, nodeJson } from '@portcullis/gateway/wire';
import {
  apiPaths,
  compilePath,
  type CreateLockRequest,
  type ResourceJson,
  type UserJson,
} from '@portcullis/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import NewLockPage from './NewLockPage';

/**
 * The gateway's lists the Target picker reads, and its lock route recording what the page sends.
 */
function lockGateway() {
  const sent: { created?: CreateLockRequest } = {};
  server.use(
    http.get(apiPaths.users, () =>
      HttpResponse.json(
        ['bob', 'alice'].map((name): UserJson => ({ name, roles: ['access'], authType: 'local' })),
      ),
    ),
    http.get(compilePath(apiPaths.roles), () =>
      HttpResponse.json(
        ['editor', 'access'].map((name): ResourceJson => ({ kind: 'role', name, content: '' })),
      ),
    ),
    http.get(apiPaths.nodes, ({ params, request }) => {
      expect(params.clusterId).toBe('localhost');
      expect(new URL(request.url).searchParams.get('sort')).toBe('hostname:asc');
      return HttpResponse.json({
        items: [
          nodeJson({ id: 'node-id-1', hostname: 'web-1' }),
          nodeJson({ id: 'node-id-2', hostname: 'db-1' }),
        ],
        totalCount: 2,
      });
    }),
    http.put(apiPaths.locks, async ({ params, request }) => {
      expect(params.clusterId).toBe('localhost');
      sent.created = (await request.json()) as CreateLockRequest;
      return HttpResponse.json(
        lockJson({ name: '6f1c7a52-9d0e-4c1b-8a55-3f2d6c1e9b01', targets: sent.created.targets, message: sent.created.message ?? '' }),
      );
    }),
  );
  return sent;
}

function renderNewLock(path = '/web/locks/new') {
  renderPage(
    <Routes>
      <Route path="/web/locks/new" element={<NewLockPage />} />
      <Route path="/web/locks" element={<p>the Locks page</p>} />
    </Routes>,
    { path },
  );
}

const kindNames: Record<string, string> = { user: 'User', role: 'Role', login: 'Login', node: 'Node', mfa_device: 'MFA Device', access_request: 'Access Request' };
const chooseKind = (kind: string) => userEvent.click(screen.getByRole('radio', { name: kindNames[kind] }));
const chosenKind = () => within(screen.getByRole('group', { name: 'Target type' })).getByRole('radio', { checked: true });

test('offers the six target kinds', async () => {
  lockGateway();
  renderNewLock();
  expect(screen.getByRole('heading', { name: 'Create New Lock' })).toBeInTheDocument();
  const kinds = within(screen.getByRole('group', { name: 'Target type' })).getAllByRole('radio') as HTMLInputElement[];
  expect(kinds.map((o) => [o.labels?.[0]?.textContent, o.value])).toEqual([
    ['User', 'user'],
    ['Role', 'role'],
    ['Login', 'login'],
    ['Node', 'node'],
    ['MFA Device', 'mfa_device'],
    ['Access Request', 'access_request'],
  ]);
  expect(chosenKind()).toHaveAttribute('value', 'user');
});

test('locks a user picked from the gateway’s users, with a message and an expiry, then shows the list', async () => {
  const sent = lockGateway();
  renderNewLock();
  await waitFor(() => expect(screen.getByLabelText('Target')).toBeEnabled());
  await userEvent.click(screen.getByLabelText('Target'));
  // The gateway's users, by name.
  expect(
    within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['alice', 'bob']);
  await userEvent.click(screen.getByRole('option', { name: 'bob' }));
  await userEvent.type(screen.getByLabelText('Message'), 'Left the company');
  expect(screen.getByLabelText('Expires in')).toHaveAttribute('placeholder', '30m, 12h');
  await userEvent.type(screen.getByLabelText('Expires in'), '30m');
  await userEvent.click(screen.getByRole('button', { name: 'Create Lock' }));
  expect(await screen.findByText('the Locks page')).toBeInTheDocument();
  expect(sent.created).toEqual({ targets: { user: 'bob' }, message: 'Left the company', ttl: '30m' });
});

test('locks a typed login; no expiry means none is sent', async () => {
  const sent = lockGateway();
  renderNewLock();
  await chooseKind('login');
  await userEvent.type(screen.getByLabelText('Target'), 'root');
  await userEvent.type(screen.getByLabelText('Message'), 'Shared account');
  await userEvent.click(screen.getByRole('button', { name: 'Create Lock' }));
  expect(await screen.findByText('the Locks page')).toBeInTheDocument();
  expect(sent.created).toEqual({ targets: { login: 'root' }, message: 'Shared account' });
});

test('locks a node picked by hostname, sending its id, with a typed expiry', async () => {
  const sent = lockGateway();
  renderNewLock();
  await chooseKind('node');
  await waitFor(() => expect(screen.getByLabelText('Target')).toBeEnabled());
  await userEvent.click(screen.getByLabelText('Target'));
  await userEvent.click(await screen.findByRole('option', { name: 'web-1' }));
  await userEvent.type(screen.getByLabelText('Expires in'), '12h');
  await userEvent.click(screen.getByRole('button', { name: 'Create Lock' }));
  expect(await screen.findByText('the Locks page')).toBeInTheDocument();
  expect(sent.created).toEqual({ targets: { node: 'node-id-1' }, ttl: '12h' });
});

test('a Lock link naming a user (?user=alice) opens with that user chosen', async () => {
  lockGateway();
  renderNewLock('/web/locks/new?user=alice');
  expect(chosenKind()).toHaveAttribute('value', 'user');
  expect(screen.getByLabelText('Target')).toHaveValue('alice');
});

test.each([
  ['role=editor', 'role', 'editor'],
  // The node's hostname shows once the list has come; the id is what is chosen.
  ['node=node-id-2', 'node', 'db-1'],
  ['login=root', 'login', 'root'],
])('?%s chooses a %s target', async (query, kind, shown) => {
  lockGateway();
  renderNewLock(`/web/locks/new?${query}`);
  expect(chosenKind()).toHaveAttribute('value', kind);
  await waitFor(() => expect(screen.getByLabelText('Target')).toHaveValue(shown));
});

test('the prefilled target is what is sent', async () => {
  const sent = lockGateway();
  renderNewLock('/web/locks/new?node=node-id-2');
  await waitFor(() => expect(screen.getByLabelText('Target')).toHaveValue('db-1'));
  await userEvent.click(screen.getByRole('button', { name: 'Create Lock' }));
  expect(await screen.findByText('the Locks page')).toBeInTheDocument();
  expect(sent.created).toEqual({ targets: { node: 'node-id-2' } });
});

test('nothing is sent without a target or with an expiry that is not a duration', async () => {
  const sent = lockGateway();
  renderNewLock();
  await waitFor(() => expect(screen.getByLabelText('Target')).toBeEnabled());
  await userEvent.click(screen.getByRole('button', { name: 'Create Lock' }));
  expect(await screen.findByText('Choose what to lock')).toBeInTheDocument();
  await chooseKind('access_request');
  await userEvent.click(screen.getByRole('button', { name: 'Create Lock' }));
  expect(await screen.findByText('Choose what to lock')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Target'), 'req-1');
  await userEvent.type(screen.getByLabelText('Expires in'), 'tomorrow');
  await userEvent.click(screen.getByRole('button', { name: 'Create Lock' }));
  expect(await screen.findByText('Write a duration like 30m, 12h or 1h30m')).toBeInTheDocument();
  expect(screen.queryByText('Choose what to lock')).toBeNull();
  expect(sent.created).toBeUndefined();
});

test('a refused lock shows the gateway’s message and stays on the page', async () => {
  lockGateway();
  server.use(
    http.put(apiPaths.locks, () =>
      HttpResponse.json({ error: { message: 'ttl: "99x" is not a duration' } }, { status: 400 }),
    ),
  );
  renderNewLock('/web/locks/new?user=alice');
  await userEvent.click(screen.getByRole('button', { name: 'Create Lock' }));
  expect(await screen.findByText('ttl: "99x" is not a duration')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Create New Lock' })).toBeInTheDocument();
});

test('when the users cannot be listed, the gateway’s message shows and the user can be typed', async () => {
  const sent = lockGateway();
  server.use(
    http.get(apiPaths.users, () =>
      HttpResponse.json({ error: { message: 'access denied to users' } }, { status: 403 }),
    ),
  );
  renderNewLock();
  expect(await screen.findByText('access denied to users')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Target'), 'carol');
  await userEvent.click(screen.getByRole('button', { name: 'Create Lock' }));
  expect(await screen.findByText('the Locks page')).toBeInTheDocument();
  expect(sent.created).toEqual({ targets: { user: 'carol' } });
});
