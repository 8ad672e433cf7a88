import { type AccessRequestJson, apiPaths, compilePath } from '@portcullis/shared';
import { accessRequestJson, userContextJson } from '@portcullis/gateway/wire';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { dbaRequest, requester } from '../../testing/accessRequests';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import AccessRequestsPage from './AccessRequestsPage';

const listPath = compilePath(apiPaths.accessRequests, { clusterId: 'localhost' });

function Location() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

async function renderList(requests: AccessRequestJson[]) {
  server.use(http.get(listPath, () => HttpResponse.json(requests)));
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <Routes>
          <Route path="*" element={<AccessRequestsPage />} />
        </Routes>
        <Location />
      </Suspense>,
      { path: '/web/requests' },
    );
  });
}

test('lists each request with its requester, what it asks for, its state and dates, and a View button', async () => {
  server.use(...userContextHandlers(['accessRequests']));
  await renderList(
    [
      dbaRequest({ id: 'r1', user: 'alice', roles: ['dba', 'auditor'] }),
      dbaRequest({
        id: 'r2',
        user: 'carol',
        roles: ['node-access'],
        resourceIds: [{ kind: 'node', clusterName: 'localhost', name: 'node-42' }],
        state: 'APPROVED',
      }),
      dbaRequest({ id: 'r3', user: 'dave', state: 'APPROVED', expires: '2020-01-01T00:00:00Z' }),
    ].map((r) => accessRequestJson(r, requester)),
  );
  const table = await screen.findByRole('table', { name: 'Access Requests' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(expect.arrayContaining(['Requester', 'Requested', 'State', 'Created', 'Expires']));
  const alice = within(table).getByRole('row', { name: /alice/ });
  expect(within(alice).getByText('dba')).toBeInTheDocument();
  expect(within(alice).getByText('auditor')).toBeInTheDocument();
  expect(within(alice).getByText('PENDING')).toBeInTheDocument();
  expect(alice).toHaveTextContent('2029-12-31');
  expect(alice).toHaveTextContent('2030-01-02');
  // A resource request shows the resources, not the roles that reach them.
  const carol = within(table).getByRole('row', { name: /carol/ });
  expect(within(carol).getByText('node-42')).toBeInTheDocument();
  expect(within(carol).queryByText('node-access')).not.toBeInTheDocument();
  expect(within(carol).getByText('APPROVED')).toBeInTheDocument();
  // Approved but past its expiry: it grants nothing any more.
  const dave = within(table).getByRole('row', { name: /dave/ });
  expect(within(dave).getByText('EXPIRED')).toBeInTheDocument();
  expect(within(dave).queryByText('APPROVED')).not.toBeInTheDocument();
});

test('View opens the request inside the console, without loading the page afresh', async () => {
  server.use(...userContextHandlers(['accessRequests']));
  await renderList([accessRequestJson(dbaRequest({ id: 'r1', user: 'alice' }), requester)]);
  const alice = await screen.findByRole('row', { name: /alice/ });
  expect(within(alice).getByRole('link', { name: 'View r1' })).toHaveAttribute('href', '/web/requests/r1');
  await userEvent.click(within(alice).getByRole('link', { name: 'View r1' }));
  expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/web/requests/r1');
});

test('New Request leads to the new request page', async () => {
  server.use(...userContextHandlers(['accessRequests']));
  await renderList([]);
  await userEvent.click(await screen.findByRole('button', { name: 'New Request' }));
  expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/web/requests/new');
});

test('with no requests the table says so, and New Request needs create on access requests', async () => {
  const context = userContextJson(['accessRequests']);
  const listOnly = { list: true, read: true, edit: false, create: false, remove: false };
  server.use(...userContextHandlers(['accessRequests']));
  // Added after, so it answers before the handler above: the same context, but no create.
  server.use(
    http.get(compilePath(apiPaths.userContext, { clusterId: 'localhost' }), () =>
      HttpResponse.json({ ...context, userAcl: { ...context.userAcl, accessRequests: listOnly } }),
    ),
  );
  await renderList([]);
  expect(await screen.findByRole('heading', { name: 'No Access Requests Found' })).toBeInTheDocument();
  // Without create, the empty list does not point at New Request.
  expect(screen.getByText('The requests you made or may review are listed here.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Access Requests' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'New Request' })).not.toBeInTheDocument();
});
