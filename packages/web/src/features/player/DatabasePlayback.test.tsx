import { databaseStatementsJson } from '@portcullis/gateway/wire';
import { apiPaths, displayDateTime } from '@portcullis/shared';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import PlayerPage from './PlayerPage';

const session = {
  sid: 'db-1',
  user: 'alice',
  database: 'orders',
  protocol: 'postgres',
  dbUser: 'reporting',
  dbName: 'sales',
  start: '2026-03-01T10:00:00.000Z',
  endedAfterS: 3600,
};
const firstPage = databaseStatementsJson(session, [
  { afterS: 5, query: 'select count(*) from orders' },
  { afterS: 75, query: 'select * from orders where id = $1', parameters: ['42'] },
]);
const lastPage = databaseStatementsJson(session, [
  { afterS: 3599, query: 'drop table orders', refused: 'statement not allowed by role: drop' },
]);

/** Pages asked for, by their startKey ('' for the first). */
let asked: string[] = [];
beforeEach(() => {
  asked = [];
  server.use(
    http.get(apiPaths.databaseStatements, ({ request, params }) => {
      expect(params).toEqual({ clusterId: 'main', sid: 'db-1' });
      const startKey = new URL(request.url).searchParams.get('startKey') ?? '';
      asked.push(startKey);
      // The gateway's cursor is opaque; the first page names the second.
      return HttpResponse.json(startKey === 'page-2' ? lastPage : { ...firstPage, startKey: 'page-2' });
    }),
  );
});

const renderPlayback = () =>
  renderPage(
    <Routes>
      <Route path="/web/cluster/:clusterId/session/:sid" element={<PlayerPage />} />
    </Routes>,
    { path: '/web/cluster/main/session/db-1?recordingType=database&durationMs=3600000' },
  );

test('a database session plays back as its statements from every page, with when each came, its parameters and refusals', async () => {
  renderPlayback();
  const table = screen.getByRole('table', { name: 'Statements' });
  await within(table).findByText('drop table orders');
  expect(asked).toEqual(['', 'page-2']);
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['At', 'Time', 'Statement', 'Parameters', '']);
  const rows = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
  expect(rows).toEqual([
    ['00:05', displayDateTime('2026-03-01T10:00:05.000Z'), 'select count(*) from orders', '', ''],
    ['01:15', displayDateTime('2026-03-01T10:01:15.000Z'), 'select * from orders where id = $1', '42', ''],
    [
      '59:59',
      displayDateTime('2026-03-01T10:59:59.000Z'),
      'drop table orders',
      '',
      'Refused: statement not allowed by role: drop',
    ],
  ]);
});

test('the header names the user, the database and the database user and name', async () => {
  renderPlayback();
  const header = await screen.findByRole('region', { name: 'Session' });
  expect(within(header).getByText('alice on orders (PostgreSQL)')).toBeInTheDocument();
  expect(within(header).getByText('As database user reporting on database sales')).toBeInTheDocument();
  expect(header).toHaveTextContent(
    `Started ${displayDateTime('2026-03-01T10:00:00.000Z')}, ended ${displayDateTime('2026-03-01T11:00:00.000Z')}`,
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Recording of session db-1' })).toBeInTheDocument();
});

test('the page header gives the session’s details as for any recording: user, database, start and length', async () => {
  renderPlayback();
  const facts = await screen.findByLabelText('Recorded session');
  expect(within(facts).getAllByRole('term').map((t) => t.textContent)).toEqual(['Users', 'Hostname', 'Started (UTC)', 'Duration']);
  expect(within(facts).getAllByRole('definition').map((d) => d.textContent)).toEqual([
    'alice',
    'orders',
    displayDateTime('2026-03-01T10:00:00.000Z'),
    '1 hour',
  ]);
});

test('a session still open has no length yet', async () => {
  const open = databaseStatementsJson({ ...session, endedAfterS: undefined }, [{ afterS: 5, query: 'select 1' }]);
  server.use(http.get(apiPaths.databaseStatements, () => HttpResponse.json(open)));
  renderPlayback();
  const facts = await screen.findByLabelText('Recorded session');
  expect(within(facts).getAllByRole('term').map((t) => t.textContent)).toEqual(['Users', 'Hostname', 'Started (UTC)']);
});

test('a failed page shows the gateway’s message', async () => {
  server.use(
    http.get(apiPaths.databaseStatements, () =>
      HttpResponse.json({ message: 'session db-1 not found' }, { status: 404 }),
    ),
  );
  renderPlayback();
  expect(await screen.findByText('session db-1 not found')).toBeInTheDocument();
});
