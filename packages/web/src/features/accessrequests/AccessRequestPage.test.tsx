import {
  apiPaths,
  compilePath,
  type RenewSessionRequest,
  StorageKey,
  type SubmitAccessReview,
} from '@portcullis/shared';
import {
  type AccessRequestFixture,
  accessContextJson,
  accessRequestJson,
  loginJson,
  type Viewer,
} from '@portcullis/gateway/wire';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import MainLayout from '../layout/MainLayout';
import { bystander, dbaRequest, requester, reviewer } from '../../testing/accessRequests';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import AccessRequestPage from './AccessRequestPage';

const requestPath = compilePath(apiPaths.accessRequest, { clusterId: 'localhost', requestId: 'req-1' });
const contextPath = compilePath(apiPaths.userContext, { clusterId: 'localhost' });

function Location() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

/**
 * The gateway for `viewer` looking at `request` (req-1): its reviews, renewal and withdrawal, recording what
 * the page sends. The context names the request once the session was renewed with it, as the gateway's would.
 */
function requestGateway(request: AccessRequestFixture, viewer: Viewer = requester) {
  // Nodes too: assuming opens Servers.
  const who: Viewer = { ...viewer, areas: ['accessRequests', 'nodes'] };
  const sent: {
    reviews: SubmitAccessReview[];
    renewals: RenewSessionRequest[];
    withdrawn: boolean;
    contextBearers: (string | null)[];
  } = { reviews: [], renewals: [], withdrawn: false, contextBearers: [] };
  let assumed: string | undefined;
  server.use(...userContextHandlers(['accessRequests', 'nodes'], who.name));
  server.use(
    http.get(contextPath, ({ request: req }) => {
      sent.contextBearers.push(req.headers.get('Authorization'));
      return HttpResponse.json(accessContextJson(who, assumed === request.id ? [request] : []));
    }),
    http.get(requestPath, () => HttpResponse.json(accessRequestJson(request, who))),
    http.post(`${requestPath}/reviews`, async ({ request: req }) => {
      const review = (await req.json()) as SubmitAccessReview;
      sent.reviews.push(review);
      // One approval or one denial decides it (no role sets thresholds), as the gateway's review does.
      const reviewed = {
        ...request,
        state: review.state,
        reviews: [{ author: who.name, ...review, created: '2030-01-01T09:00:00Z' }],
      };
      return HttpResponse.json(accessRequestJson(reviewed, who));
    }),
    http.post(apiPaths.webSessionRenew, async ({ request: req }) => {
      const body = (await req.json()) as RenewSessionRequest;
      sent.renewals.push(body);
      assumed = body.requestId;
      return HttpResponse.json({ ...loginJson(), token: 'assumed-bearer' });
    }),
    http.delete(requestPath, () => {
      sent.withdrawn = true;
      return HttpResponse.json({ message: 'ok' });
    }),
  );
  return sent;
}

/** The page inside the console's layout, so the top bar shows what the session carries. */
async function renderRequest() {
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <Routes>
          <Route element={<MainLayout />}>
            <Route path="/web/requests/:requestId" element={<AccessRequestPage />} />
            <Route path="*" element={null} />
          </Route>
        </Routes>
        <Location />
      </Suspense>,
      { path: '/web/requests/req-1' },
    );
  });
  await screen.findByRole('heading', { name: 'Access Request' });
}

const approvedBy = (author: string) => ({
  author,
  state: 'APPROVED' as const,
  reason: 'Looks fine',
  created: '2030-01-01T08:00:00Z',
});

beforeEach(() => localStorage.clear());

test('shows the requester, what was asked and why, the state, expiry, approvals and reviews', async () => {
  requestGateway(
    dbaRequest({ roles: ['dba', 'auditor'], approvalsNeeded: 2, reviews: [approvedBy('bob')] }),
    bystander,
  );
  await renderRequest();
  const main = within(screen.getByRole('main'));
  expect(await main.findByText('Requester')).toBeInTheDocument();
  expect(main.getByText('Requester').parentElement).toHaveTextContent('alice');
  expect(main.getByText('Requested roles').parentElement).toHaveTextContent('dbaauditor');
  expect(main.getByText('Rotate the database password')).toBeInTheDocument();
  expect(main.getByText('State').parentElement).toHaveTextContent('PENDING');
  expect(main.getByText('Expires').parentElement).toHaveTextContent('2030-01-02');
  expect(main.getByText('1 of 2 approvals')).toBeInTheDocument();
  const review = within(main.getByRole('table', { name: 'Reviews' })).getByRole('row', { name: /bob/ });
  expect(review).toHaveTextContent('APPROVED');
  expect(review).toHaveTextContent('Looks fine');
  expect(review).toHaveTextContent('2030-01-01');
  // Neither reviewable nor assumable by carol, and not hers to withdraw.
  for (const name of ['Approve', 'Deny', 'Assume Roles', 'Withdraw'])
    expect(main.queryByRole('button', { name })).not.toBeInTheDocument();
  expect(main.queryByLabelText('Review reason')).not.toBeInTheDocument();
});

test('a resource request names its resources', async () => {
  requestGateway(dbaRequest({ resourceIds: [{ kind: 'node', clusterName: 'localhost', name: 'node-42' }] }));
  await renderRequest();
  expect((await screen.findByText('Requested resources')).parentElement).toHaveTextContent('node-42');
});

test.each([
  ['Approve', 'APPROVED', '1 of 1 approvals'],
  ['Deny', 'DENIED', '0 of 1 approvals'],
] as const)(
  'a reviewer can %s with a reason; the page shows the request as the review left it',
  async (button, state, approvals) => {
    // bob reviews dba requests, and this one is alice's, pending and unexpired: he may review it.
    const sent = requestGateway(dbaRequest(), reviewer);
    await renderRequest();
    await userEvent.type(await screen.findByLabelText('Review reason'), 'On call this week');
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByText(approvals)).toBeInTheDocument();
    expect(sent.reviews).toEqual([{ state, reason: 'On call this week' }]);
    const main = within(screen.getByRole('main'));
    expect(main.getByText('State').parentElement).toHaveTextContent(state);
    expect(main.getByRole('table', { name: 'Reviews' })).toHaveTextContent('On call this week');
    expect(main.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  },
);

test('assuming renews with the request, stores the new bearer, refreshes the context and opens Servers', async () => {
  // alice's own request, approved and unexpired: she may assume it.
  const sent = requestGateway(dbaRequest({ state: 'APPROVED', reviews: [approvedBy('bob')] }));
  await renderRequest();
  expect(screen.queryByText(/Assumed roles/)).not.toBeInTheDocument();
  expect(sent.contextBearers).toHaveLength(1);
  await userEvent.click(screen.getByRole('button', { name: 'Assume Roles' }));
  expect(await screen.findByText('/web/cluster/localhost/nodes')).toBeInTheDocument();
  expect(sent.renewals).toEqual([{ requestId: 'req-1' }]);
  expect(JSON.parse(localStorage.getItem(StorageKey.TOKEN)!).accessToken).toBe('assumed-bearer');
  // The context was asked again, with the new bearer, and now names the request: the top bar shows its roles.
  expect(sent.contextBearers).toEqual([null, 'Bearer assumed-bearer']);
  expect(await within(screen.getByRole('banner')).findByText('Assumed roles: dba')).toBeInTheDocument();
});

test('a failed assume says why and stays on the request', async () => {
  requestGateway(dbaRequest({ state: 'APPROVED' }));
  server.use(
    http.post(apiPaths.webSessionRenew, () =>
      HttpResponse.json({ error: { message: 'access request req-1 has expired' } }, { status: 400 }),
    ),
  );
  await renderRequest();
  await userEvent.click(screen.getByRole('button', { name: 'Assume Roles' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('access request req-1 has expired');
  expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/web/requests/req-1');
});

test('the requester withdraws a pending request and returns to the list', async () => {
  const sent = requestGateway(dbaRequest());
  await renderRequest();
  expect(screen.queryByRole('button', { name: 'Assume Roles' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
  expect(await screen.findByText('/web/requests')).toBeInTheDocument();
  expect(sent.withdrawn).toBe(true);
});

test('an approved request is no longer withdrawable', async () => {
  requestGateway(dbaRequest({ state: 'APPROVED' }));
  await renderRequest();
  expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
});
