import { nodeJson } from '@portcullis/gateway/wire';
import type { DaemonWorkspaceJson } from '@portcullis/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { App } from './App';
import { FakeWebSocket, installFakeWebSocket } from './testing/fakeWebSocket';
import { fakeTerminals } from './testing/fakeXterm';
import { connection, forwarded, profile, workspace } from './testing/fixtures';
import { server } from './testing/server';

jest.mock('@portcullis/console-kit', () => ({
  ...jest.requireActual('@portcullis/console-kit'),
  openXterm: () => jest.requireActual('./testing/fakeXterm').fakeOpenXterm(),
}));
installFakeWebSocket();
beforeEach(() => {
  fakeTerminals.length = 0;
});

const saved: DaemonWorkspaceJson = workspace({
  documents: [
    {
      id: 't1',
      kind: 'terminal',
      profile: 'localhost-3080',
      clusterId: 'localhost',
      serverId: 'n-1',
      login: 'root',
      title: 'root@web-1',
    },
    {
      id: 'd1',
      kind: 'database',
      profile: 'localhost-3080',
      connectionId: 'conn-1',
      title: 'orders (postgres)',
    },
  ],
  activeDocumentId: 't1',
  theme: 'dark',
});

/** The daemon with one profile, `ws` saved and one connection; what the app PUTs is collected. */
function daemonWith(ws: DaemonWorkspaceJson) {
  const puts: DaemonWorkspaceJson[] = [];
  server.use(
    http.get('/v1/daemon/profiles', () => HttpResponse.json([profile()])),
    http.get('/v1/daemon/workspace', () => HttpResponse.json(ws)),
    http.put('/v1/daemon/workspace', async ({ request }) => {
      puts.push((await request.json()) as DaemonWorkspaceJson);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/v1/daemon/connections', () => HttpResponse.json([connection()])),
  );
  return puts;
}

const terminalSockets = () => FakeWebSocket.opened.filter((s) => s.url.includes('/connect?'));
const tab = (name: string) => screen.getByRole('tab', { name });

test('on start the saved tabs come back: the terminal opens a new session through the daemon, the database tab finds its connection', async () => {
  daemonWith(saved);
  render(<App />);

  expect(await screen.findByRole('tab', { name: 'root@web-1' })).toHaveAttribute('aria-selected', 'true');
  expect(tab('orders (postgres)')).toHaveAttribute('aria-selected', 'false');
  await waitFor(() => expect(terminalSockets()).toHaveLength(1));
  const url = new URL(terminalSockets()[0]!.url);
  expect(url.origin + url.pathname).toBe(
    'ws://localhost/v1/daemon/profiles/localhost-3080/gateway/v1/webapi/sites/localhost/connect',
  );
  expect(url.searchParams.get('access_token')).toBe('daemon');
  expect(JSON.parse(url.searchParams.get('params')!)).toEqual({
    server_id: 'n-1',
    login: 'root',
    term: { w: 80, h: 24 },
  });

  // The database tab (hidden) re-attached: its connection's port, and the client running on it.
  const databaseTab = screen
    .getAllByRole('tabpanel', { hidden: true })
    .find((p) => p.getAttribute('aria-label') === 'orders (postgres)')!;
  expect(databaseTab).not.toBeVisible();
  expect(await within(databaseTab).findByText('orders as postgres on 127.0.0.1:54321')).toBeInTheDocument();
  const client = FakeWebSocket.opened.find((s) => s.url.includes('/client'))!;
  expect(client.url).toBe('ws://localhost/v1/daemon/connections/conn-1/client?cols=80&rows=24');
});

test('the database tab shows the client’s output and sends what is typed as the daemon’s input messages', async () => {
  daemonWith({ ...saved, activeDocumentId: 'd1' });
  render(<App />);
  await waitFor(() => expect(FakeWebSocket.opened.some((s) => s.url.includes('/client'))).toBe(true));
  const client = FakeWebSocket.opened.find((s) => s.url.includes('/client'))!;
  client.emit('open');
  client.emit('message', new TextEncoder().encode('test=# ').buffer);
  const terminal = fakeTerminals.find((t) => t.shown.includes('test=# '))!;
  terminal.type('select 1;\r');
  expect(client.sent).toEqual([JSON.stringify({ type: 'input', data: 'select 1;\r' })]);
  client.emit('message', JSON.stringify({ type: 'exit', code: 0 }));
  expect(await screen.findByText('The client exited with code 0.')).toBeInTheDocument();
});

test('switching tabs, closing one and the theme are saved to the daemon', async () => {
  const user = userEvent.setup();
  const puts = daemonWith(saved);
  render(<App />);
  await screen.findByRole('tab', { name: 'root@web-1' });

  await user.keyboard('{Control>}{Tab}{/Control}');
  expect(tab('orders (postgres)')).toHaveAttribute('aria-selected', 'true');
  await waitFor(() => expect(puts.at(-1)).toEqual({ ...saved, activeDocumentId: 'd1' }));

  await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
  await user.keyboard('{Control>}w{/Control}');
  await waitFor(() =>
    expect(puts.at(-1)).toEqual({ documents: [saved.documents[0]], activeDocumentId: 't1', theme: 'light' }),
  );
  expect(screen.queryByRole('tab', { name: 'orders (postgres)' })).not.toBeInTheDocument();
});

test('the command bar opens a terminal by hostname in the active cluster, and says when there is no such server', async () => {
  const user = userEvent.setup();
  const puts = daemonWith(workspace());
  server.use(
    http.get(forwarded('/v1/webapi/sites/localhost/nodes'), ({ request }) =>
      HttpResponse.json({
        items:
          new URL(request.url).searchParams.get('search') === 'web-2'
            ? [nodeJson({ id: 'n-2', hostname: 'web-2' }, ['root'])]
            : [],
        totalCount: 1,
      }),
    ),
  );
  render(<App />);
  await screen.findByText('No tabs open');

  await user.keyboard('{Control>}k{/Control}');
  expect(screen.getByRole('textbox', { name: 'Command' })).toHaveFocus();
  await user.keyboard('ssh root@web-9{Enter}');
  expect(await screen.findByRole('alert')).toHaveTextContent('No server named web-9 in localhost.');

  await user.clear(screen.getByRole('textbox', { name: 'Command' }));
  await user.keyboard('ssh root@web-2{Enter}');
  expect(await screen.findByRole('tab', { name: 'root@web-2' })).toHaveAttribute('aria-selected', 'true');
  await waitFor(() => expect(terminalSockets()).toHaveLength(1));
  await waitFor(() =>
    expect(puts.at(-1)?.documents).toEqual([
      {
        id: expect.any(String),
        kind: 'terminal',
        profile: 'localhost-3080',
        clusterId: 'localhost',
        serverId: 'n-2',
        login: 'root',
        title: 'root@web-2',
      },
    ]),
  );
});
