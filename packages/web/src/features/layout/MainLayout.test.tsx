import { apiPaths, compilePath, type RenewSessionRequest, StorageKey } from '@portcullis/shared';
import { accessContextJson, accessRequestJson, loginJson } from '@portcullis/gateway/wire';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { dbaRequest, requester } from '../../testing/accessRequests';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import MainLayout from './MainLayout';

const contextPath = compilePath(apiPaths.userContext, { clusterId: 'localhost' });
const requestPath = compilePath(apiPaths.accessRequest, { clusterId: 'localhost', requestId: 'req-1' });

/**
 * alice's session carrying her approved req-1 (dba, auditor) until a renewal switches back, the test ends it,
 * or the gateway has answered `namedFor` contexts naming it.
 */
function assumedGateway(expires = '2030-01-02T03:04:05Z', namedFor = Infinity) {
  const request = dbaRequest({ roles: ['dba', 'auditor'], state: 'APPROVED', expires });
  const state = { assumed: true, renewals: [] as RenewSessionRequest[], contextFetches: 0 };
  server.use(...userContextHandlers(['accessRequests']));
  server.use(
    http.get(contextPath, () => {
      state.contextFetches += 1;
      return HttpResponse.json(
        accessContextJson(requester, state.assumed && state.contextFetches <= namedFor ? [request] : []),
      );
    }),
    http.get(requestPath, () => HttpResponse.json(accessRequestJson(request, requester))),
    http.post(apiPaths.webSessionRenew, async ({ request }) => {
      const body = (await request.json()) as RenewSessionRequest;
      state.renewals.push(body);
      if (body.switchback) state.assumed = false;
      return HttpResponse.json({ ...loginJson(), token: 'plain-bearer' });
    }),
  );
  return state;
}

let loadingShown = false;
function Loading() {
  loadingShown = true;
  return <>loading</>;
}

async function renderLayout() {
  await act(async () => {
    renderPage(
      <Suspense fallback={<Loading />}>
        <MainLayout />
      </Suspense>,
    );
  });
  loadingShown = false;
}

const topBar = () => within(screen.getByRole('banner'));

beforeEach(() => localStorage.clear());

test('without an assumed request the top bar shows no assumed roles', async () => {
  server.use(...userContextHandlers(['accessRequests']));
  await renderLayout();
  expect(topBar().getByText('Cluster: localhost')).toBeInTheDocument();
  expect(topBar().queryByText(/Assumed/)).not.toBeInTheDocument();
  expect(topBar().queryByRole('button', { name: 'Switch Back' })).not.toBeInTheDocument();
});

test('the assumed request’s roles show in the top bar; Switch Back renews without them and the bar goes', async () => {
  const gateway = assumedGateway();
  await renderLayout();
  expect(await topBar().findByText('Assumed roles: dba, auditor')).toBeInTheDocument();
  await userEvent.click(topBar().getByRole('button', { name: 'Switch Back' }));
  await waitFor(() => expect(topBar().queryByText(/Assumed roles/)).not.toBeInTheDocument());
  expect(gateway.renewals).toEqual([{ switchback: true }]);
  expect(JSON.parse(localStorage.getItem(StorageKey.TOKEN)!).accessToken).toBe('plain-bearer');
  expect(gateway.contextFetches).toBe(2);
  // The new context loaded behind the page, which never gave way to the loading fallback.
  expect(loadingShown).toBe(false);
});

test('when the assumed request expires the context is asked again and the bar goes', async () => {
  jest.useFakeTimers({
    now: new Date('2030-01-02T03:00:00Z'),
    advanceTimers: false,
    doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'],
  });
  try {
    const gateway = assumedGateway('2030-01-02T03:04:05Z');
    await renderLayout();
    expect(await topBar().findByText('Assumed roles: dba, auditor')).toBeInTheDocument();
    expect(gateway.contextFetches).toBe(1);
    // The gateway stops naming the request once it expired.
    gateway.assumed = false;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(245_000);
    });
    await waitFor(() => expect(topBar().queryByText(/Assumed roles/)).not.toBeInTheDocument());
    expect(gateway.contextFetches).toBe(2);
    expect(gateway.renewals).toEqual([]);
  } finally {
    jest.useRealTimers();
  }
});

/** Runs `check` with the clock at `now` (timers still running, so the page's own waits resolve). */
async function at(now: string, check: () => Promise<void>) {
  jest.useFakeTimers({
    now: new Date(now),
    advanceTimers: true,
    doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'],
  });
  try {
    await check();
  } finally {
    jest.useRealTimers();
  }
}

test('a context read just before the request expired is asked again once at once, so the bar does not outlive the access', () =>
  at('2030-01-02T03:05:00Z', async () => {
    // The request ended at 03:04:05; the gateway named it in the first context it answered, then no more.
    const gateway = assumedGateway('2030-01-02T03:04:05Z', 1);
    await renderLayout();
    await waitFor(() => expect(gateway.contextFetches).toBe(2));
    await waitFor(() => expect(topBar().queryByText(/Assumed roles/)).not.toBeInTheDocument());
  }));

test('a gateway still naming an expired request costs one more context read, not a loop', () =>
  at('2030-01-02T03:05:00Z', async () => {
    const gateway = assumedGateway('2030-01-02T03:04:05Z');
    await renderLayout();
    await waitFor(() => expect(gateway.contextFetches).toBe(2));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect(gateway.contextFetches).toBe(2);
    expect(topBar().getByText('Assumed roles: dba, auditor')).toBeInTheDocument();
  }));
