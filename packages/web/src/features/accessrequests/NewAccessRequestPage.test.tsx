import { apiPaths, compilePath, type CreateAccessRequest } from '@portcullis/shared';
import { accessContextJson, accessRequestJson, nodeJson } from '@portcullis/gateway/wire';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { dbaRequest, requester } from '../../testing/accessRequests';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import NewAccessRequestPage from './NewAccessRequestPage';

const listPath = compilePath(apiPaths.accessRequests, { clusterId: 'localhost' });

function Location() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

/** The gateway for alice, who may request dba and auditor (reviewed by bob), recording what the page asks. */
function requestGateway() {
  const sent: { created?: CreateAccessRequest; nodeQueries: URLSearchParams[] } = { nodeQueries: [] };
  const pages: Record<string, { items: unknown[]; startKey: string; totalCount: number }> = {
    '': {
      items: [nodeJson({ id: 'n1', hostname: 'web-1' }), nodeJson({ id: 'n2', hostname: 'web-2' })],
      startKey: 'k2',
      totalCount: 3,
    },
    k2: { items: [nodeJson({ id: 'n3', hostname: 'db-1' })], startKey: '', totalCount: 3 },
  };
  server.use(...userContextHandlers(['accessRequests']));
  server.use(
    http.get(compilePath(apiPaths.userContext, { clusterId: 'localhost' }), () =>
      HttpResponse.json(accessContextJson(requester)),
    ),
    http.get(compilePath(apiPaths.nodes, { clusterId: 'localhost' }), ({ request }) => {
      const query = new URL(request.url).searchParams;
      sent.nodeQueries.push(query);
      return HttpResponse.json(pages[query.get('startKey') ?? '']);
    }),
    http.post(listPath, async ({ request }) => {
      sent.created = (await request.json()) as CreateAccessRequest;
      return HttpResponse.json(accessRequestJson(dbaRequest({ id: 'req-9', ...sent.created }), requester));
    }),
  );
  return sent;
}

async function renderNew() {
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <Routes>
          <Route path="*" element={<NewAccessRequestPage />} />
        </Routes>
        <Location />
      </Suspense>,
      { path: '/web/requests/new' },
    );
  });
}

test('requesting roles posts them with the reason and the suggested reviewers, then opens the request', async () => {
  const sent = requestGateway();
  await renderNew();
  expect(await screen.findByRole('heading', { name: 'New Access Request' })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Roles' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByText('Suggested reviewers:').parentElement).toHaveTextContent('bob');
  const submit = screen.getByRole('button', { name: 'Submit Request' });
  expect(submit).toBeDisabled();
  await userEvent.click(screen.getByRole('checkbox', { name: 'dba' }));
  expect(submit).toBeDisabled();
  await userEvent.type(screen.getByLabelText('Reason'), '  Rotate the password  ');
  expect(submit).toBeEnabled();
  await userEvent.click(submit);
  expect(await screen.findByText('/web/requests/req-9')).toBeInTheDocument();
  expect(sent.created).toEqual({
    roles: ['dba'],
    reason: 'Rotate the password',
    suggestedReviewers: ['bob'],
  });
  expect(sent.nodeQueries).toEqual([]);
});

test('a blank reason keeps Submit Request disabled', async () => {
  requestGateway();
  await renderNew();
  await userEvent.click(await screen.findByRole('checkbox', { name: 'auditor' }));
  await userEvent.type(screen.getByLabelText('Reason'), '   ');
  expect(screen.getByRole('button', { name: 'Submit Request' })).toBeDisabled();
});

test('requesting servers lists them with searchAsRoles, page by page, and posts the picked ones by id', async () => {
  const sent = requestGateway();
  await renderNew();
  await userEvent.click(await screen.findByRole('tab', { name: 'Resources' }));
  await userEvent.click(await screen.findByRole('checkbox', { name: 'web-2' }));
  expect(sent.nodeQueries[0]!.get('searchAsRoles')).toBe('yes');
  expect(sent.nodeQueries[0]!.get('limit')).toBe('15');
  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  await userEvent.click(await screen.findByRole('checkbox', { name: 'db-1' }));
  expect(sent.nodeQueries.map((q) => [q.get('searchAsRoles'), q.get('startKey')])).toEqual([
    ['yes', null],
    ['yes', 'k2'],
  ]);
  expect(screen.getByText('Requesting:').parentElement).toHaveTextContent(/web-2.*db-1/);
  await userEvent.type(screen.getByLabelText('Reason'), 'Debug the deploy');
  await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
  expect(await screen.findByText('/web/requests/req-9')).toBeInTheDocument();
  expect(sent.created).toEqual({
    resourceIds: [
      { kind: 'node', clusterName: 'localhost', name: 'n2' },
      { kind: 'node', clusterName: 'localhost', name: 'n3' },
    ],
    reason: 'Debug the deploy',
    suggestedReviewers: ['bob'],
  });
});

test('the tab in view is what is requested: roles picked before switching to servers are not sent', async () => {
  const sent = requestGateway();
  await renderNew();
  await userEvent.click(await screen.findByRole('checkbox', { name: 'dba' }));
  await userEvent.type(screen.getByLabelText('Reason'), 'Both');
  await userEvent.click(screen.getByRole('tab', { name: 'Resources' }));
  expect(screen.getByRole('button', { name: 'Submit Request' })).toBeDisabled();
  // The pick in the other tab is kept for going back to it.
  await userEvent.click(screen.getByRole('tab', { name: 'Roles' }));
  expect(screen.getByRole('checkbox', { name: 'dba' })).toBeChecked();
  await userEvent.click(screen.getByRole('tab', { name: 'Resources' }));
  await userEvent.click(await screen.findByRole('checkbox', { name: 'web-1' }));
  await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
  await screen.findByText('/web/requests/req-9');
  expect(sent.created).not.toHaveProperty('roles');
  expect(sent.created?.resourceIds).toEqual([{ kind: 'node', clusterName: 'localhost', name: 'n1' }]);
});
