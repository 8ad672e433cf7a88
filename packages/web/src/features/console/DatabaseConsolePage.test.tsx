import type { DatabaseConsoleTarget } from '@portcullis/console-kit';
import type { DatabaseConsoleMessage, DatabaseQueryMessage } from '@portcullis/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { FakeSocket } from '../../testing/fakeSocket';
import { renderPage } from '../../testing/renderPage';
import DatabaseConsolePage from './DatabaseConsolePage';

// jsdom has no layout; CodeMirror measures text ranges while typing.
beforeAll(() => {
  const empty = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = empty;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

let socket: FakeSocket;
let target: DatabaseConsoleTarget | undefined;
const connect = (t: DatabaseConsoleTarget) => {
  target = t;
  socket = new FakeSocket();
  return socket;
};

/** The gateway's side: one JSON message. */
const gatewaySends = (message: DatabaseConsoleMessage) => socket.emit('message', JSON.stringify(message));
const queries = () => socket.sent.map((f) => JSON.parse(f as string) as DatabaseQueryMessage);

function renderConsole() {
  return renderPage(
    <Routes>
      <Route
        path="/web/cluster/:clusterId/console/db/:database/:dbUser/:dbName"
        element={<DatabaseConsolePage connect={connect} />}
      />
    </Routes>,
    { path: '/web/cluster/main/console/db/orders/alice/sales' },
  );
}

/** The console, connected: the gateway has accepted the connection. */
function renderConnected() {
  const page = renderConsole();
  socket.emit('open');
  gatewaySends({ type: 'ready', sid: 's-1', protocol: 'postgres', dbUser: 'alice', dbName: 'sales' });
  return page;
}

const editor = () => screen.getByRole('textbox', { name: 'Statement' });
const statement = (n: number) => screen.getByRole('article', { name: `Statement ${n}` });

test('opens the database as the user on the name in the address, and says whom it is connected as once the gateway is ready', () => {
  renderConsole();
  expect(target).toEqual({ clusterId: 'main', database: 'orders', dbUser: 'alice', dbName: 'sales' });
  expect(screen.getByRole('heading', { level: 1, name: 'alice@orders / sales' })).toBeInTheDocument();
  expect(within(screen.getByRole('banner')).getByText('Cluster: main')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Databases' })).toHaveAttribute(
    'href',
    '/web/cluster/main/databases',
  );
  expect(screen.getByRole('status')).toHaveTextContent('Connecting to orders…');
  // Nothing can be run before the database has accepted the connection.
  expect(editor()).toHaveAttribute('contenteditable', 'false');
  expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();

  socket.emit('open');
  gatewaySends({ type: 'ready', sid: 's-1', protocol: 'postgres', dbUser: 'alice', dbName: 'sales' });
  expect(screen.getAllByRole('status')[0]).toHaveTextContent(
    'Connected to orders (PostgreSQL) as alice, database sales. Session s-1.',
  );
  expect(editor()).toHaveAttribute('contenteditable', 'true');
});

test('Ctrl+Enter runs the statement; its rows come back as a table with NULL shown apart, with the summary', async () => {
  const user = userEvent.setup();
  renderConnected();
  editor().focus();
  await user.keyboard('select id, note from orders');
  await user.keyboard('{Control>}{Enter}{/Control}');
  expect(queries()).toEqual([{ type: 'query', id: 1, query: 'select id, note from orders' }]);
  // The editor is cleared for the next statement; the one sent waits for its answer.
  expect(editor()).toHaveTextContent('');
  expect(within(statement(1)).getByText('select id, note from orders')).toBeInTheDocument();
  expect(within(statement(1)).getByRole('status', { name: 'Running' })).toBeInTheDocument();

  gatewaySends({
    type: 'result',
    id: 1,
    columns: ['id', 'note'],
    rows: [
      ['1', 'NULL'],
      ['2', null],
    ],
    command: 'SELECT 2',
    rowCount: 2,
    durationMs: 3.4,
  });
  const table = within(statement(1)).getByRole('table', { name: 'Result of statement 1' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['id', 'note']);
  const rows = within(table).getAllByRole('row').slice(1);
  expect(
    rows.map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ),
  ).toEqual([
    ['1', 'NULL'],
    ['2', 'NULL'],
  ]);
  // The text 'NULL' is a value; a NULL is marked as one.
  expect(within(rows[0]!).queryByLabelText('NULL value')).toBeNull();
  expect(within(rows[1]!).getByLabelText('NULL value')).toBeInTheDocument();
  expect(within(statement(1)).getByText('SELECT 2 · 2 rows · 3 ms')).toBeInTheDocument();
  expect(within(statement(1)).queryByRole('status', { name: 'Running' })).toBeNull();
});

test('the Run button runs the statement; the database’s error shows in the error style; a statement without rows shows its summary only', async () => {
  const user = userEvent.setup();
  renderConnected();
  await user.click(editor());
  await user.keyboard('select * from nope');
  await user.click(screen.getByRole('button', { name: 'Run' }));
  await user.click(editor());
  await user.keyboard('update orders set note = 1');
  await user.click(screen.getByRole('button', { name: 'Run' }));
  expect(queries()).toEqual([
    { type: 'query', id: 1, query: 'select * from nope' },
    { type: 'query', id: 2, query: 'update orders set note = 1' },
  ]);

  gatewaySends({ type: 'error', id: 1, message: 'relation "nope" does not exist' });
  gatewaySends({
    type: 'result',
    id: 2,
    columns: [],
    rows: [],
    command: 'UPDATE 7',
    rowCount: 7,
    durationMs: 1500,
  });
  expect(within(statement(1)).getByRole('alert')).toHaveTextContent('relation "nope" does not exist');
  expect(within(statement(2)).queryByRole('table')).toBeNull();
  expect(within(statement(2)).getByText('UPDATE 7 · 7 rows · 1.50 s')).toBeInTheDocument();
});

test('a truncated result says only the first rows are shown', async () => {
  const user = userEvent.setup();
  renderConnected();
  editor().focus();
  await user.keyboard('select generate_series(1, 5000){Control>}{Enter}{/Control}');
  const rows = Array.from({ length: 3 }, (_, i) => [String(i + 1)]);
  gatewaySends({
    type: 'result',
    id: 1,
    columns: ['n'],
    rows,
    command: 'SELECT 5000',
    rowCount: 5000,
    durationMs: 12,
    truncated: true,
  });
  expect(within(statement(1)).getByRole('alert')).toHaveTextContent('Only the first 3 rows are shown.');
  expect(within(statement(1)).getByText('SELECT 5000 · 5000 rows · 12 ms')).toBeInTheDocument();
});

test('a refused connection shows the gateway’s reason and the console closes; a statement still running gets no answer', async () => {
  const user = userEvent.setup();
  renderConnected();
  editor().focus();
  await user.keyboard('select pg_sleep(60){Control>}{Enter}{/Control}');
  gatewaySends({ type: 'error', message: 'access to db denied: session locked' });
  socket.emit('close', undefined, { code: 1008, reason: 'locked' });
  expect(screen.getAllByRole('alert')[0]).toHaveTextContent('access to db denied: session locked');
  expect(within(statement(1)).getByRole('alert')).toHaveTextContent(
    'No answer: the connection closed while the statement ran.',
  );
  expect(screen.queryByRole('textbox', { name: 'Statement' })).toBeNull();
  expect(screen.getByText('The console is closed. Reload the page to connect again.')).toBeInTheDocument();
});

test('the socket closing on its own shows the close reason', () => {
  renderConnected();
  socket.emit('close', undefined, { code: 1001, reason: 'gateway shutting down' });
  expect(screen.getAllByRole('status')[0]).toHaveTextContent('The connection closed: gateway shutting down');
});

test('a frame outside the protocol is reported, not shown as an answer', () => {
  renderConnected();
  socket.emit('message', JSON.stringify({ type: 'result', id: 1 }));
  expect(screen.getAllByRole('alert')[0]).toHaveTextContent(
    /^The gateway sent a message that does not match the protocol/,
  );
});

test('leaving the page closes the socket', () => {
  const { unmount } = renderConnected();
  expect(socket.closed).toBe(false);
  unmount();
  expect(socket.closed).toBe(true);
});
