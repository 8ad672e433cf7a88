import { appJson } from '@portcullis/gateway/wire';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import ApplicationsPage from './ApplicationsPage';

const grafana = appJson(
  { name: 'grafana', description: 'Dashboards', uri: 'http://127.0.0.1:3000', labels: { team: 'ops', env: 'prod' } },
  'main',
);
const postgres = appJson({ name: 'pg-tcp', description: 'Orders database', uri: 'tcp://10.0.0.5:5432', labels: { env: 'dev' } }, 'main');
const wiki = appJson({ name: 'wiki', uri: 'http://10.0.0.9:8080' }, 'main');

/** App list requests as the page made them, so tests can assert the query it sent. */
let requests: URL[] = [];

beforeAll(() => {
  // The console calls its own origin with relative paths, which a browser resolves against the page and
  // Node's fetch (behind msw) does not: resolve them here like the browser would.
  const intercepted = globalThis.fetch;
  globalThis.fetch = (input, init) => intercepted(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
});
beforeEach(() => {
  requests = [];
  server.use(
    http.get('*/v1/webapi/sites/main/apps', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      // Two pages: the second one ends the list (empty startKey).
      if (url.searchParams.get('startKey') === 'cursor-2') return HttpResponse.json({ items: [wiki], startKey: '', totalCount: 3 });
      return HttpResponse.json({ items: [grafana, postgres], startKey: 'cursor-2', totalCount: 3 });
    }),
  );
});

const renderApps = () =>
  renderPage(
    <Routes>
      <Route path="/web/cluster/:clusterId/apps" element={<ApplicationsPage />} />
    </Routes>,
    { path: '/web/cluster/main/apps' },
  );

const lastQuery = () => Object.fromEntries(requests.at(-1)!.searchParams);
const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!;

test('lists the first page with name, description, address with its protocol and label pills, sorted by name', async () => {
  renderApps();
  expect(screen.getByRole('heading', { name: 'Applications' })).toBeInTheDocument();
  await rowOf('grafana');
  const table = screen.getByRole('table', { name: 'Applications' });
  expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Description', 'Address', 'Labels', '']);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((r) => within(r).getAllByRole('cell').slice(0, 3).map((c) => c.textContent))).toEqual([
    ['grafana', 'Dashboards', 'https://grafana.localhost:3080'],
    ['pg-tcp', 'Orders database', 'tcp://pg-tcp.localhost:3080'],
  ]);
  // Labels read in name order, whatever order the gateway sent them in.
  expect(within(rows[0]!).getAllByText(/^(env|team): /).map((l) => l.textContent)).toEqual(['env: prod', 'team: ops']);
  expect(lastQuery()).toEqual({ limit: '15', sort: 'name:asc' });
  expect(screen.getByText('Showing 1 - 2 of 3')).toBeInTheDocument();
});

test('Next fetches with the server’s cursor and Previous goes back to the first page', async () => {
  const user = userEvent.setup();
  renderApps();
  await rowOf('grafana');
  expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  await rowOf('wiki');
  expect(lastQuery().startKey).toBe('cursor-2');
  expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Previous page' }));
  await rowOf('grafana');
  expect(lastQuery()).toEqual({ limit: '15', sort: 'name:asc' });
});

test('a search (after a typing pause) and a sort are sent to the server', async () => {
  const user = userEvent.setup();
  renderApps();
  await rowOf('grafana');
  await user.type(screen.getByRole('searchbox', { name: 'Search' }), ' graf ');
  await waitFor(() => expect(lastQuery()).toEqual({ limit: '15', search: 'graf', sort: 'name:asc' }));
  // One request for the whole word, not one per keystroke.
  expect(requests.filter((r) => r.searchParams.has('search'))).toHaveLength(1);
  await user.click(await screen.findByRole('button', { name: 'Name' }));
  await waitFor(() => expect(lastQuery().sort).toBe('name:desc'));
  await user.click(await screen.findByRole('button', { name: 'Address' }));
  await waitFor(() => expect(lastQuery()).toEqual({ limit: '15', search: 'graf', sort: 'publicAddr:asc' }));
});

test('Launch on an HTTP app links to its launcher in a new tab', async () => {
  renderApps();
  const launch = within(await rowOf('grafana')).getByRole('link', { name: 'Launch' });
  expect(launch).toHaveAttribute('href', '/web/launch/grafana.localhost/main/grafana.localhost%3A3080');
  expect(launch).toHaveAttribute('target', '_blank');
  expect(launch).toHaveAttribute('rel', 'noopener noreferrer');
});

test('Launch on an AWS console app is a menu of the role ARNs the user may sign in as, each opening the launcher with its arn', async () => {
  const user = userEvent.setup();
  const open = jest.spyOn(window, 'open').mockReturnValue(null);
  const readOnly = 'arn:aws:iam::123456789012:role/ops/ReadOnly';
  const aws = appJson(
    { name: 'aws', uri: 'https://console.aws.amazon.com/', awsRoles: [{ arn: 'arn:aws:iam::123456789012:role/Dev', display: 'Dev' }, { arn: readOnly, display: 'ops/ReadOnly' }] },
    'main',
  );
  const awsNoRoles = appJson({ name: 'aws-other', uri: 'https://console.aws.amazon.com/', awsRoles: [] }, 'main');
  server.use(http.get('*/v1/webapi/sites/main/apps', () => HttpResponse.json({ items: [aws, awsNoRoles], startKey: '', totalCount: 2 })));
  renderApps();
  const row = await rowOf('aws');
  expect(within(row).queryByRole('link', { name: 'Launch' })).not.toBeInTheDocument();
  await user.click(within(row).getByRole('button', { name: 'Launch' }));
  const menu = await screen.findByRole('menu', { name: 'Launch' });
  expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Dev', 'ops/ReadOnly']);
  await user.click(within(menu).getByRole('menuitem', { name: 'ops/ReadOnly' }));
  expect(open).toHaveBeenCalledWith(`/web/launch/aws.localhost/main/aws.localhost%3A3080/${encodeURIComponent(readOnly)}`, '_blank', 'noopener');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

  // No ARN granted: the menu says so and launches nothing.
  await user.click(within(await rowOf('aws-other')).getByRole('button', { name: 'Launch' }));
  expect(within(await screen.findByRole('menu', { name: 'Launch' })).getByRole('menuitem', { name: 'No AWS roles allowed by your roles' })).toBeDisabled();
  expect(open).toHaveBeenCalledTimes(1);
  open.mockRestore();
});

test('Connect on a TCP app shows the command that proxies it to a local port, with a copy button', async () => {
  const user = userEvent.setup();
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  renderApps();
  const row = await rowOf('pg-tcp');
  expect(within(row).queryByRole('link', { name: 'Launch' })).not.toBeInTheDocument();
  await user.click(within(row).getByRole('button', { name: 'Connect' }));
  const dialog = await screen.findByRole('dialog', { name: 'Connect to pg-tcp' });
  expect(within(dialog).getByText('portcullis proxy app pg-tcp --port 0')).toBeInTheDocument();
  expect(dialog).toHaveTextContent('point your client at 127.0.0.1 on that port');
  await user.click(within(dialog).getByRole('button', { name: 'Copy command' }));
  expect(writeText).toHaveBeenCalledWith('portcullis proxy app pg-tcp --port 0');
  await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('no applications says so, and what to do about it', async () => {
  server.use(
    ...userContextHandlers(['appServers']),
    http.get('*/v1/webapi/sites/main/apps', () => HttpResponse.json({ items: [], startKey: '', totalCount: 0 })),
  );
  renderApps();
  expect(await screen.findByRole('heading', { name: 'No Applications Found' })).toBeInTheDocument();
  // Listing app servers is enough to enroll (the discover flag), so the way there is offered.
  expect(await screen.findByRole('button', { name: 'Enroll New Resource' })).toBeInTheDocument();
});

test('a failed list shows the server’s error', async () => {
  server.use(http.get('*/v1/webapi/sites/main/apps', () => HttpResponse.json({ message: 'apps are unavailable' }, { status: 503 })));
  renderApps();
  expect(await screen.findByText('apps are unavailable')).toBeInTheDocument();
});
