import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { nodeJson, userContextJson } from '@portcullis/gateway/wire';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderPage } from '../../testing/renderPage';
import ServersPage from './ServersPage';

/** Node n of cluster main as the gateway lists it to a user allowed the logins root and ops. */
const node = (n: number, agent = false) =>
  nodeJson({ id: `id-${n}`, hostname: `host-${n}`, addr: `10.0.0.${n}:22`, agent, labels: { env: n % 2 ? 'prod' : 'dev' } }, ['root', 'ops'], 'main');

/** Node list requests as the page made them, so tests can assert the query it sent. */
let requests: URL[] = [];
let canCreateTokens = true;

const server = setupServer(
  http.get('*/v1/webapi/sites/:clusterId/context', () => HttpResponse.json(userContextJson(canCreateTokens ? ['nodes', 'tokens'] : ['nodes'], 'alice', 'main'))),
  http.get('*/v1/webapi/sites/main/nodes', ({ request }) => {
    const url = new URL(request.url);
    requests.push(url);
    // Two pages: the second one ends the list (empty startKey).
    if (url.searchParams.get('startKey') === 'cursor-2') {
      return HttpResponse.json({ items: [node(3, true)], startKey: '', totalCount: 3 });
    }
    return HttpResponse.json({ items: [node(1), node(2)], startKey: 'cursor-2', totalCount: 3 });
  }),
  http.post('*/v1/webapi/token', () =>
    HttpResponse.json({ id: '0123456789abcdef0123456789abcdef', expiry: '2026-11-21T05:00:00Z', roles: ['Node'] }),
  ),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // The console calls its own origin with relative paths, which a browser resolves against the page and
  // Node's fetch (behind msw) does not: resolve them here like the browser would.
  const intercepted = globalThis.fetch;
  globalThis.fetch = (input, init) => intercepted(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  requests = [];
  canCreateTokens = true;
});

function Location() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

/** Renders the page and lets the user context (a suspending atom) resolve, as the console's shell does. */
async function renderServers() {
  await act(async () => {
    renderPage(
    <Suspense fallback="loading">
      <Routes>
        <Route path="/web/cluster/:clusterId/nodes" element={<ServersPage />} />
        <Route path="*" element={<Location />} />
      </Routes>
    </Suspense>,
      { path: '/web/cluster/main/nodes' },
    );
  });
}

const lastQuery = () => Object.fromEntries(requests.at(-1)!.searchParams);

test('lists the first page of nodes with their address and label pills, sorted by hostname', async () => {
  await renderServers();
  const table = await screen.findByRole('table', { name: 'Servers' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['host-1', 'host-2']);
  expect(within(rows[0]!).getByText('10.0.0.1:22')).toBeInTheDocument();
  expect(within(rows[0]!).getByText('env: prod')).toBeInTheDocument();
  expect(lastQuery()).toEqual({ limit: '15', sort: 'hostname:asc' });
  expect(screen.getByText('Showing 1 - 2 of 3')).toBeInTheDocument();
});

test('Next fetches with the server’s cursor and Previous goes back to the first page', async () => {
  const user = userEvent.setup();
  await renderServers();
  await screen.findByText('host-1');
  expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  expect(await screen.findByText('host-3')).toBeInTheDocument();
  expect(lastQuery().startKey).toBe('cursor-2');
  // A tunnelled node has no reachable address; it says so instead.
  expect(screen.getByText('⟵ Tunnel')).toBeInTheDocument();
  expect(screen.getByText('Showing 16 - 16 of 3')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Previous page' }));
  expect(await screen.findByText('host-1')).toBeInTheDocument();
  expect(lastQuery().startKey).toBeUndefined();
});

test('a search (after a typing pause) and a sort are sent to the server and start again from the first page', async () => {
  const user = userEvent.setup();
  await renderServers();
  await screen.findByText('host-1');
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  await screen.findByText('host-3');
  await user.type(screen.getByRole('searchbox', { name: 'Search' }), ' prod ');
  await waitFor(() => expect(lastQuery()).toEqual({ limit: '15', search: 'prod', sort: 'hostname:asc' }));
  // Typing waits for a pause: one request for the whole word, not one per keystroke.
  expect(requests.filter((r) => r.searchParams.has('search'))).toHaveLength(1);
  await user.click(await screen.findByRole('button', { name: 'Hostname' }));
  await waitFor(() => expect(lastQuery().sort).toBe('hostname:desc'));
  await user.click(await screen.findByRole('button', { name: 'Address' }));
  await waitFor(() => expect(lastQuery().sort).toBe('addr:asc'));
});

test('Connect lists the node’s logins and opens the console on the chosen one', async () => {
  const user = userEvent.setup();
  await renderServers();
  const row = (await screen.findByText('host-2')).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'Connect' }));
  const menu = await screen.findByRole('menu', { name: 'Connect' });
  // In the order the gateway lists them (its presenter sorts the logins).
  expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['ops', 'root', 'Open in new tab as ops', 'Open in new tab as root']);
  await user.click(within(menu).getByRole('menuitem', { name: 'ops' }));
  expect(await screen.findByRole('status', { name: 'location' })).toHaveTextContent('/web/cluster/main/console/node/id-2/ops');
});

test('Add Server creates a join token and shows its install command, copy button and expiry', async () => {
  const user = userEvent.setup();
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  await renderServers();
  await user.click(await screen.findByRole('button', { name: 'Add Server' }));
  const expected = `curl -fsSL '${window.location.origin}/scripts/0123456789abcdef0123456789abcdef/install-node.sh' | sudo sh`;
  expect(await screen.findByText(expected)).toBeInTheDocument();
  expect(screen.getByText(/valid until 2026-11-21/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Copy command' }));
  expect(writeText).toHaveBeenCalledWith(expected);
  expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
});

test('Add Server is hidden from users who may not create join tokens', async () => {
  canCreateTokens = false;
  await renderServers();
  await screen.findByText('host-1');
  expect(screen.queryByRole('button', { name: 'Add Server' })).not.toBeInTheDocument();
});

test('a failed list shows the server’s error', async () => {
  server.use(http.get('*/v1/webapi/sites/main/nodes', () => HttpResponse.json({ message: 'nodes are unavailable' }, { status: 503 })));
  await renderServers();
  expect(await screen.findByText('nodes are unavailable')).toBeInTheDocument();
});
