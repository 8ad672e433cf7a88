import { encodeControl, makeWebConfig, type SessionInfo, type TerminalParams } from '@portcullis/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { webConfigAtom } from '../../config';
import { FakeTerminalSocket as FakeSocket } from '../../testing/fakeTerminalSocket';
import { renderPage } from '../../testing/renderPage';
import ConsolePage from './ConsolePage';

// jsdom has no canvas or layout for xterm; the page is tested with a terminal that records what it is given.
// The engine between them is the real one (its own tests cover the protocol).
jest.mock('@portcullis/console-kit', () => ({
  ...jest.requireActual('@portcullis/console-kit'),
  openXterm: (_container: HTMLElement, options: { scrollback: number }) => {
    const written: string[] = [];
    const terminal = {
      cols: 100,
      rows: 30,
      options: { ...options },
      write: (data: Uint8Array | string, done?: () => void) => {
        written.push(typeof data === 'string' ? data : new TextDecoder().decode(data));
        done?.();
      },
      onData: () => ({ dispose() {} }),
      onResize: () => ({ dispose() {} }),
      focus() {},
      dispose() {},
    };
    (globalThis as { openedTerminals?: unknown[] }).openedTerminals?.push({ terminal, written, options });
    return { terminal, renderer: 'dom', fit() {}, dispose() {} };
  },
}));


// jsdom does no layout, so nothing is ever resized; the pane only needs to be able to observe.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

let sockets: FakeSocket[];
let terminals: { options: { scrollback: number } }[];

beforeEach(() => {
  sockets = [];
  terminals = [];
  (globalThis as { openedTerminals?: unknown[] }).openedTerminals = terminals;
});

const connect = (clusterId: string, params: TerminalParams) => {
  const socket = new FakeSocket(clusterId, params);
  sockets.push(socket);
  return socket;
};

/** Lets the test move around the console the way links and the address bar would. */
let goTo: (path: string) => void;
function Navigator() {
  const navigate = useNavigate();
  goTo = (path) => act(() => void navigate(path));
  return null;
}

function renderConsole(path: string, store = createStore()) {
  return renderPage(
    <Provider store={store}>
      <Navigator />
      <Routes>
        <Route path="/web/cluster/:clusterId/console/*" element={<ConsolePage connect={connect} />} />
      </Routes>
    </Provider>,
    { path },
  );
}

const session = (hostname: string): SessionInfo => ({
  kind: 'ssh',
  id: `sid-${hostname}`,
  namespace: 'default',
  login: 'root',
  server_id: 'n1',
  server_hostname: hostname,
  server_addr: '127.0.0.1:22',
  cluster_name: 'main',
  created: '2026-11-21T04:00:00Z',
  last_active: '2026-11-21T04:00:00Z',
  terminal_params: { w: 100, h: 30 },
  parties: [],
});

test('the node route opens a session as that login, sized to the terminal, with the default scrollback of 1000 lines', () => {
  renderConsole('/web/cluster/main/console/node/n1/root');
  expect(sockets).toHaveLength(1);
  expect(sockets[0]!.clusterId).toBe('main');
  expect(sockets[0]!.params).toEqual({ server_id: 'n1', login: 'root', term: { w: 100, h: 30 } });
  // No ui.scrollbackLines in the page's config: the spec's default of 1000 lines applies.
  expect(terminals[0]!.options.scrollback).toBe(1000);
  expect(screen.getByTestId('terminal')).toHaveAttribute('data-renderer', 'dom');
  expect(screen.getByRole('tab', { name: /root@n1/ })).toHaveAttribute('aria-selected', 'true');
});

test('the terminal keeps as many lines as the server’s config ui.scrollbackLines says', () => {
  const store = createStore();
  store.set(webConfigAtom, makeWebConfig({ ui: { scrollbackLines: 5000 } }));
  renderConsole('/web/cluster/main/console/node/n1/root', store);
  expect(terminals[0]!.options.scrollback).toBe(5000);
});

test('the tab follows the session: connecting, then login@hostname, then ended', () => {
  renderConsole('/web/cluster/main/console/node/n1/root');
  expect(screen.getByRole('tab', { name: 'Connecting root@n1' })).toBeInTheDocument();
  sockets[0]!.emit('open');
  sockets[0]!.emit('message', encodeControl({ type: 'session', session: session('web-1') }));
  expect(screen.getByRole('tab', { name: 'root@web-1' })).toBeInTheDocument();
  sockets[0]!.emit('message', encodeControl({ type: 'close', reason: 'shell exited', exitCode: 0 }));
  expect(screen.getByRole('tab', { name: 'Ended root@web-1' })).toBeInTheDocument();
});

test('several sessions live side by side as tabs; switching keeps every shell open', () => {
  renderConsole('/web/cluster/main/console/node/n1/root');
  goTo('/web/cluster/main/console/node/n2/ops');
  expect(sockets.map((s) => `${s.params.login}@${s.params.server_id}`)).toEqual(['root@n1', 'ops@n2']);
  expect(screen.getByRole('tab', { name: /ops@n2/ })).toHaveAttribute('aria-selected', 'true');
  goTo('/web/cluster/main/console/node/n1/root');
  // Back on the first tab: the same session, not a new connection.
  expect(sockets).toHaveLength(2);
  expect(sockets.some((s) => s.closed)).toBe(false);
  expect(screen.getByRole('tab', { name: /root@n1/ })).toHaveAttribute('aria-selected', 'true');
  const panes = screen.getAllByTestId('terminal');
  expect(panes.map((p) => getComputedStyle(p).display)).toEqual(['block', 'none']);
});

test('closing the active tab ends its session and moves to the neighbouring tab', async () => {
  const user = userEvent.setup();
  renderConsole('/web/cluster/main/console/node/n1/root');
  goTo('/web/cluster/main/console/node/n2/ops');
  await user.click(screen.getByRole('button', { name: 'Close ops@n2' }));
  expect(sockets[1]!.closed).toBe(true);
  expect(sockets[0]!.closed).toBe(false);
  const tablist = screen.getByRole('tablist', { name: 'Terminal sessions' });
  expect(within(tablist).getAllByRole('tab').map((t) => t.getAttribute('title'))).toEqual(['root@n1']);
  expect(within(tablist).getByRole('tab')).toHaveAttribute('aria-selected', 'true');
});

describe('the header', () => {
  function renderWithServers(path: string) {
    return renderPage(
      <Routes>
        <Route path="/web/cluster/:clusterId/console/*" element={<ConsolePage connect={connect} />} />
        <Route path="/web/cluster/:clusterId/nodes" element={<p>The Servers page</p>} />
      </Routes>,
      { path },
    );
  }

  test('names the terminal’s login, node and cluster, and leads back to the cluster’s Servers page', async () => {
    const user = userEvent.setup();
    renderWithServers('/web/cluster/main/console/node/n1/root');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('heading', { level: 1, name: 'root@n1' })).toBeInTheDocument();
    expect(within(header).getByText('Cluster: main')).toBeInTheDocument();
    sockets[0]!.emit('open');
    sockets[0]!.emit('message', encodeControl({ type: 'session', session: session('web-1') }));
    expect(within(header).getByRole('heading', { level: 1, name: 'root@web-1' })).toBeInTheDocument();
    const back = within(header).getByRole('link', { name: 'Servers' });
    expect(back).toHaveAttribute('href', '/web/cluster/main/nodes');
    await user.click(back);
    expect(screen.getByText('The Servers page')).toBeInTheDocument();
  });

  test('is there on the node list too, once the last session is closed', async () => {
    const user = userEvent.setup();
    renderWithServers('/web/cluster/main/console/node/n1/root');
    await user.click(screen.getByRole('button', { name: 'Close root@n1' }));
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('heading', { level: 1, name: 'New session' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Servers' })).toHaveAttribute('href', '/web/cluster/main/nodes');
    expect(await screen.findByRole('table', { name: 'Servers' })).toBeInTheDocument();
  });
});

describe('a session whose roles want a second factor', () => {
  const challenge = encodeControl({ type: 'mfa-challenge', totp: true });

  test('asks in the console’s prompt before the shell opens, and the answer goes to the gateway', async () => {
    const user = userEvent.setup();
    renderConsole('/web/cluster/main/console/node/n1/root');
    sockets[0]!.emit('open');
    sockets[0]!.emit('message', challenge);
    const dialog = await screen.findByRole('dialog', { name: 'Verify Your Identity' });
    expect(dialog).toHaveTextContent('Opening root@n1 needs a second factor.');
    await user.type(within(dialog).getByLabelText('Authenticator code'), '123456{Enter}');
    await waitFor(() =>
      expect(sockets[0]!.controls()).toContainEqual({ kind: 'control', message: { type: 'mfa-response', totp_code: '123456' } }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('closing the prompt ends that session and marks its tab', async () => {
    const user = userEvent.setup();
    renderConsole('/web/cluster/main/console/node/n1/root');
    sockets[0]!.emit('open');
    sockets[0]!.emit('message', challenge);
    const dialog = await screen.findByRole('dialog', { name: 'Verify Your Identity' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('tab', { name: 'Ended root@n1' })).toBeInTheDocument();
    expect(sockets[0]!.closed).toBe(true);
  });
});

describe('a moderated session', () => {
  test('its file transfer asks the moderators through the terminal, waits, and shows a denial', async () => {
    const user = userEvent.setup();
    renderConsole('/web/cluster/main/console/node/n1/root');
    sockets[0]!.emit('open');
    sockets[0]!.emit('message', encodeControl({ type: 'session', session: { ...session('web-1'), moderated: true } }));
    await user.click(screen.getByRole('button', { name: 'Download a file' }));
    const dialog = screen.getByRole('dialog', { name: 'Download from root@web-1' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.type(within(dialog).getByLabelText(/File path/), '/etc/hosts');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByText('Waiting for a moderator to approve')).toBeInTheDocument();
    expect(sockets[0]!.controls()).toContainEqual({ kind: 'control', message: { type: 'file-transfer-request', download: true, location: '/etc/hosts' } });
    sockets[0]!.emit('message', encodeControl({ type: 'file-transfer-request', requestId: 'r1', requester: 'alice', download: true, location: '/etc/hosts' }));
    sockets[0]!.emit('message', encodeControl({ type: 'file-transfer-decision', requestId: 'r1', approved: false, moderator: 'bob' }));
    expect(await within(dialog).findByText('The moderator denied the file transfer')).toBeInTheDocument();
  });
});

test('the header names the active session’s id and parties, following who joins and leaves, and holds its file transfers', async () => {
  renderConsole('/web/cluster/main/console/node/n1/root');
  const facts = screen.getByLabelText('Session');
  // Until the gateway has said, the facts say they are coming.
  expect(within(facts).getAllByRole('definition').map((d) => d.textContent)).toEqual(['connecting…', 'connecting…']);
  const party = (user: string) => ({ id: `p-${user}`, user, remote_addr: '10.0.0.9', server_id: 'n1', last_active: '2026-11-21T04:00:00Z' });
  const audit = (event: string, user: string) => encodeControl({ type: 'audit', event: { event, user, sid: 'sid-web-1' } });
  act(() => {
    sockets[0]!.emit('message', encodeControl({ type: 'session', session: { ...session('web-1'), parties: [party('alice')] } }));
  });
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('root@web-1');
  expect(within(facts).getByTitle('sid-web-1')).toHaveTextContent('sid-web-');
  expect(within(facts).getByRole('button', { name: 'Copy session ID' })).toBeInTheDocument();
  expect(within(facts).getAllByRole('definition')[1]).toHaveTextContent(/^alice$/);
  act(() => sockets[0]!.emit('message', audit('session.join', 'bob')));
  expect(within(facts).getAllByRole('definition')[1]).toHaveTextContent(/^alice, bob$/);
  act(() => sockets[0]!.emit('message', audit('session.leave', 'bob')));
  expect(within(facts).getAllByRole('definition')[1]).toHaveTextContent(/^alice$/);
  const banner = screen.getByRole('banner');
  expect(within(within(banner).getByRole('group', { name: 'File transfer' })).getAllByRole('button').map((b) => b.textContent)).toEqual([
    'Upload files',
    'Download a file',
  ]);
});
