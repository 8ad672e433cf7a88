import { lockJson, userContextJson } from '@portcullis/gateway/wire';
import { apiPaths, compilePath, type LockJson } from '@portcullis/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import LocksPage from './LocksPage';

// Built from local time so the expected text holds in any time zone.
const expires = new Date(2030, 0, 2, 3, 4, 5).toISOString();
const aliceLock = lockJson({
  name: '6f1c7a52-9d0e-4c1b-8a55-3f2d6c1e9b01',
  targets: { user: 'alice', node: 'node-1' },
  message: 'Compromised laptop',
  expires,
});
const roleLock = lockJson({ name: '0b9e6d1a-3c4f-4e2a-9b7d-5a8c2e1f0d34', targets: { role: 'contractor' }, createdBy: 'bob' });

const locksPath = compilePath(apiPaths.locks, { clusterId: 'localhost' });

/** The gateway's lock routes over an in-memory list, recording which lock was deleted. */
function locksGateway(initial: LockJson[], areas: Parameters<typeof userContextHandlers>[0] = ['lock']) {
  const locks = [...initial];
  const sent: { deleted?: string } = {};
  server.use(
    ...userContextHandlers(areas),
    http.get(locksPath, () => HttpResponse.json(locks)),
    http.delete(apiPaths.lock, ({ params }) => {
      expect(params.clusterId).toBe('localhost');
      sent.deleted = params.uuid as string;
      locks.splice(
        locks.findIndex((l) => l.name === params.uuid),
        1,
      );
      return HttpResponse.json({ message: 'ok' });
    }),
  );
  return sent;
}

async function renderLocks() {
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <Routes>
          <Route path="/web/locks" element={<LocksPage />} />
          <Route path="/web/locks/new" element={<p>the New Lock page</p>} />
        </Routes>
      </Suspense>,
      { path: '/web/locks' },
    );
  });
}

test('lists each lock’s targets, message, author and expiry', async () => {
  locksGateway([aliceLock, roleLock]);
  await renderLocks();
  const table = await screen.findByRole('table', { name: 'Locks' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(expect.arrayContaining(['Locked Items', 'Message', 'Locked By', 'Expiration']));
  const alice = within(table).getByRole('row', { name: /user: alice/ });
  for (const text of ['user: alice', 'node: node-1', 'Compromised laptop', 'admin', '2030-01-02 03:04:05']) {
    expect(within(alice).getByText(text)).toBeInTheDocument();
  }
  const role = within(table).getByRole('row', { name: /role: contractor/ });
  expect(within(role).getByText('bob')).toBeInTheDocument();
  expect(within(role).getByText('Never')).toBeInTheDocument();
});

test('an empty list says so, and how to add a lock', async () => {
  locksGateway([]);
  await renderLocks();
  expect(await screen.findByRole('heading', { name: 'No Locks in Force' })).toBeInTheDocument();
  expect(screen.getByText(/Add New Lock to lock one/)).toBeInTheDocument();
});

test('remove asks first, then deletes the lock and drops it from the list', async () => {
  const sent = locksGateway([aliceLock, roleLock]);
  await renderLocks();
  const row = await screen.findByRole('row', { name: /role: contractor/ });
  await userEvent.click(within(row).getByRole('button', { name: /^Remove/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Remove Lock' });
  expect(dialog).toHaveTextContent('role: contractor');
  expect(sent.deleted).toBeUndefined();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Lock' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent.deleted).toBe(roleLock.name);
  await waitFor(() =>
    expect(screen.queryByRole('row', { name: /role: contractor/ })).not.toBeInTheDocument(),
  );
  expect(screen.getByRole('row', { name: /user: alice/ })).toBeInTheDocument();
  // Fetched again in a transition: the page never fell back to its loading state.
  expect(screen.queryByText('loading')).toBeNull();
});

test('a refused removal keeps the dialog open with the gateway’s message', async () => {
  locksGateway([roleLock]);
  server.use(
    http.delete(apiPaths.lock, () =>
      HttpResponse.json({ error: { message: 'lock is gone' } }, { status: 404 }),
    ),
  );
  await renderLocks();
  const row = await screen.findByRole('row', { name: /role: contractor/ });
  await userEvent.click(within(row).getByRole('button', { name: /^Remove/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Remove Lock' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Lock' }));
  expect(await within(dialog).findByText('lock is gone')).toBeInTheDocument();
});

test('Add New Lock leads to the New Lock page', async () => {
  locksGateway([]);
  await renderLocks();
  await userEvent.click(await screen.findByRole('button', { name: 'Add New Lock' }));
  expect(await screen.findByText('the New Lock page')).toBeInTheDocument();
});

test('a user who may only list locks sees neither Add New Lock nor Remove', async () => {
  locksGateway([roleLock]);
  // The gateway's context for a role granting every verb on locks, narrowed to listing and reading them.
  const context = userContextJson(['lock']);
  server.use(
    http.get(compilePath(apiPaths.userContext, { clusterId: 'localhost' }), () =>
      HttpResponse.json({ ...context, userAcl: { ...context.userAcl, lock: { list: true, read: true } } }),
    ),
  );
  await renderLocks();
  const row = await screen.findByRole('row', { name: /role: contractor/ });
  expect(within(row).queryByRole('button')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Add New Lock' })).toBeNull();
});

test('a failed list shows the gateway’s message', async () => {
  locksGateway([]);
  server.use(
    http.get(locksPath, () =>
      HttpResponse.json({ error: { message: 'access denied to locks' } }, { status: 403 }),
    ),
  );
  await renderLocks();
  expect(await screen.findByText('access denied to locks')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'No Locks in Force' })).toBeNull();
});
