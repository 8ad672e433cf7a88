import { authenticateChallengeJson } from '@portcullis/gateway/wire';
import { apiPaths, type AppSessionJson } from '@portcullis/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import LauncherPage from './LauncherPage';

/** What the gateway's app details answer for grafana (typed: its app presenter is not among the wire fixtures yet). */
const details = { fqdn: 'grafana.localhost', clusterId: 'localhost', publicAddr: 'grafana.localhost:3080' };
const session = {
  fqdn: 'grafana.localhost',
  value: 'session-id',
  subject: 'subject-id',
  cookie_value: 'cookie-1',
  subject_cookie_value: 'subject-1',
} satisfies AppSessionJson;
const mfaNeeded = { error: { message: 'a second factor is required for every session, and none was given' } };

/** The calls the launcher made, in order: detail paths as requested, session and challenge bodies as sent. */
let calls: { path: string; body?: unknown }[] = [];
/** The forms the page submitted; jsdom cannot navigate, so submit() only records its form. */
let submitted: HTMLFormElement[] = [];

beforeEach(() => {
  calls = [];
  submitted = [];
  jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push(this);
  });
  server.use(
    http.get('/v1/webapi/apps/*', ({ request }) => {
      calls.push({ path: new URL(request.url).pathname });
      return HttpResponse.json(details);
    }),
    http.post(apiPaths.appSession, async ({ request }) => {
      calls.push({ path: apiPaths.appSession, body: await request.json() });
      return HttpResponse.json(session);
    }),
  );
});
afterEach(() => {
  jest.restoreAllMocks();
  for (const form of submitted) form.remove();
});

const renderAt = (path: string) =>
  renderPage(
    <Routes>
      <Route path="/web/launch/:fqdn/:clusterId?/:publicAddr?/:arn?" element={<LauncherPage />} />
    </Routes>,
    { path },
  );

/** The form's target and fields (every one a hidden input), as the browser would post them. */
const posted = (form: HTMLFormElement) => ({
  method: form.method,
  action: form.action,
  fields: Object.fromEntries(
    Array.from(form.querySelectorAll('input'), (input) => {
      expect(input.type).toBe('hidden');
      return [input.name, input.value];
    }),
  ),
});

test('creates an app session and posts its cookie values to the app’s own host, with the path to open there', async () => {
  renderAt('/web/launch/grafana.localhost/localhost/grafana.localhost:3080?path=/dashboards');
  expect(screen.getByRole('heading', { name: 'Launching the application…' })).toBeInTheDocument();
  expect(screen.getByRole('status', { name: 'Launching' })).toBeInTheDocument();
  await waitFor(() => expect(submitted).toHaveLength(1));
  // Only the app session's values go to the app: no console cookie or bearer token.
  expect(posted(submitted[0]!)).toEqual({
    method: 'post',
    action: 'http://grafana.localhost:3080/x-portcullis/auth',
    fields: { value: 'cookie-1', subject: 'subject-1', path: '/dashboards' },
  });
  expect(submitted[0]!.isConnected).toBe(true);
  expect(calls).toEqual([
    { path: '/v1/webapi/apps/grafana.localhost/localhost/grafana.localhost%3A3080' },
    { path: apiPaths.appSession, body: { fqdn: 'grafana.localhost', cluster_name: 'localhost', public_addr: 'grafana.localhost:3080' } },
  ]);
});

test('a link with the fqdn alone opens the app where the gateway serves it, at its root', async () => {
  renderAt('/web/launch/grafana.localhost');
  await waitFor(() => expect(submitted).toHaveLength(1));
  expect(posted(submitted[0]!)).toEqual({
    method: 'post',
    action: 'http://grafana.localhost:3080/x-portcullis/auth',
    fields: { value: 'cookie-1', subject: 'subject-1', path: '/' },
  });
  expect(calls[0]).toEqual({ path: '/v1/webapi/apps/grafana.localhost' });
});

test('an AWS console app is launched as the role its link names: the arn segment goes with the session request', async () => {
  const arn = 'arn:aws:iam::123456789012:role/ops/ReadOnly';
  renderAt(`/web/launch/grafana.localhost/localhost/grafana.localhost:3080/${encodeURIComponent(arn)}`);
  await waitFor(() => expect(submitted).toHaveLength(1));
  expect(calls[1]).toEqual({ path: apiPaths.appSession, body: { fqdn: 'grafana.localhost', cluster_name: 'localhost', public_addr: 'grafana.localhost:3080', arn } });
});

test('when the roles require a second factor per session, asks for one on a session challenge and tries again with it', async () => {
  const user = userEvent.setup();
  let attempts = 0;
  server.use(
    http.post(apiPaths.appSession, async ({ request }) => {
      calls.push({ path: apiPaths.appSession, body: await request.json() });
      return (attempts += 1) === 1 ? HttpResponse.json(mfaNeeded, { status: 403 }) : HttpResponse.json(session);
    }),
    http.post(apiPaths.mfaAuthenticateChallenge, async ({ request }) => {
      calls.push({ path: apiPaths.mfaAuthenticateChallenge, body: await request.json() });
      return HttpResponse.json(await authenticateChallengeJson({ totp: true }));
    }),
  );
  renderAt('/web/launch/grafana.localhost/localhost/grafana.localhost:3080');
  const dialog = await screen.findByRole('dialog', { name: 'Verify Your Identity' });
  expect(dialog).toHaveTextContent('Your roles require a second factor to open grafana.localhost.');
  expect(submitted).toEqual([]);
  await user.type(within(dialog).getByLabelText('Authenticator code'), '123456');
  await user.click(within(dialog).getByRole('button', { name: 'Verify code' }));
  await waitFor(() => expect(submitted).toHaveLength(1));
  expect(posted(submitted[0]!).fields).toEqual({ value: 'cookie-1', subject: 'subject-1', path: '/' });
  const request = { fqdn: 'grafana.localhost', cluster_name: 'localhost', public_addr: 'grafana.localhost:3080' };
  expect(calls.slice(1)).toEqual([
    { path: apiPaths.appSession, body: request },
    { path: apiPaths.mfaAuthenticateChallenge, body: { scope: 'session' } },
    { path: apiPaths.appSession, body: { ...request, mfa_response: { totp_code: '123456' } } },
  ]);
});

test('closing the second-factor prompt opens nothing and says why', async () => {
  const user = userEvent.setup();
  server.use(
    http.post(apiPaths.appSession, () => HttpResponse.json(mfaNeeded, { status: 403 })),
    http.post(apiPaths.mfaAuthenticateChallenge, async () => HttpResponse.json(await authenticateChallengeJson({ totp: true }))),
  );
  renderAt('/web/launch/grafana.localhost/localhost/grafana.localhost:3080');
  const dialog = await screen.findByRole('dialog', { name: 'Verify Your Identity' });
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The second factor was not given.');
  expect(submitted).toEqual([]);
});

test('an app the user may not reach shows the gateway’s message and the way back to Applications', async () => {
  server.use(
    http.get('/v1/webapi/apps/*', () => HttpResponse.json({ error: { message: 'application "nope.localhost" not found' } }, { status: 404 })),
  );
  renderAt('/web/launch/nope.localhost');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('application "nope.localhost" not found');
  expect(screen.getByRole('heading', { name: 'The application could not be opened' })).toBeInTheDocument();
  // The link named no cluster: the list of the cluster this gateway serves.
  expect(within(alert).getByRole('link', { name: 'Back to Applications' })).toHaveAttribute('href', '/web/cluster/localhost/apps');
  expect(calls.filter((c) => c.path === apiPaths.appSession)).toEqual([]);
  expect(submitted).toEqual([]);
});
