import { auditEventJson, eventPageJson, sessionEndJson } from '@portcullis/gateway/wire';
import { apiPaths, eventCatalogue, eventCodes } from '@portcullis/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import AuditPage from './AuditPage';
import { customRange, presetRange } from './auditRange';

/** `user`'s local login from 127.0.0.1, as the gateway writes it and answers it in the audit log. */
const login = (user: string, uid: string) =>
  auditEventJson(
    'USER_LOCAL_LOGIN',
    { user, method: 'local', success: true, 'addr.remote': '127.0.0.1' },
    { time: '2026-01-01T10:00:00Z', uid },
  );

/** An audit log of two pages, newest first: alice's and bob's logins, then alice creating carol. */
async function auditGateway() {
  const first = await eventPageJson([await login('alice', 'e1'), await login('bob', 'e2')], true);
  const last = await eventPageJson([
    await auditEventJson(
      'USER_CREATE',
      { user: 'alice', name: 'carol', roles: ['access'] },
      { time: '2026-01-01T09:00:00Z', uid: 'e3' },
    ),
  ]);
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(apiPaths.events, ({ request, params }) => {
      expect(params.clusterId).toBe('prod');
      const q = new URL(request.url).searchParams;
      queries.push(q);
      return HttpResponse.json(q.get('startKey') ? last : first);
    }),
  );
  return { queries, first };
}

async function renderAudit() {
  await act(async () => {
    renderPage(
      <Routes>
        <Route path="/web/cluster/:clusterId/audit" element={<AuditPage />} />
      </Routes>,
      { path: '/web/cluster/prod/audit' },
    );
  });
}

test('asks for the past 7 days, 5000 at a time, and shows each event’s catalogue message', async () => {
  const { queries } = await auditGateway();
  await renderAudit();
  const table = await screen.findByRole('table', { name: 'Audit Log' });
  await within(table).findByText('Local user [alice] successfully logged in');
  expect(within(table).getByText('Local user [bob] successfully logged in')).toBeInTheDocument();
  expect(within(table).getAllByText(eventCatalogue[eventCodes.USER_LOCAL_LOGIN]!.desc)).toHaveLength(2);
  const q = queries[0]!;
  expect(q.get('limit')).toBe('5000');
  const days = (Date.parse(q.get('to')!) - Date.parse(q.get('from')!)) / 86_400_000;
  expect(days).toBeCloseTo(7, 3);
});

test('more pages come with the start key the server gave', async () => {
  const { queries, first } = await auditGateway();
  await renderAudit();
  await screen.findByText('Local user [alice] successfully logged in');
  await userEvent.click(screen.getByRole('button', { name: /load more|fetch more/i }));
  expect(await screen.findByText('User [carol] has been created')).toBeInTheDocument();
  expect(queries[1]!.get('startKey')).toBe(first.startKey);
  await waitFor(() =>
    expect(screen.queryByRole('button', { name: /load more|fetch more/i })).not.toBeInTheDocument(),
  );
});

test('search filters by message', async () => {
  await auditGateway();
  await renderAudit();
  await screen.findByText('Local user [alice] successfully logged in');
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'bob');
  await waitFor(() =>
    expect(screen.queryByText('Local user [alice] successfully logged in')).not.toBeInTheDocument(),
  );
  expect(screen.getByText('Local user [bob] successfully logged in')).toBeInTheDocument();
});

test('details show the stored event as JSON', async () => {
  await auditGateway();
  await renderAudit();
  const row = (await screen.findByText('Local user [alice] successfully logged in')).closest('tr')!;
  // One action is a button of its own, not a menu of one.
  expect(within(row).queryByRole('button', { name: /^Actions for/ })).toBeNull();
  await userEvent.click(within(row).getByRole('button', { name: 'Details e1' }));
  const json = await screen.findByLabelText('Event JSON');
  expect(JSON.parse(json.textContent!)).toEqual(await login('alice', 'e1'));
});

test('a failed search shows the server’s error', async () => {
  server.use(
    http.get(apiPaths.events, () =>
      HttpResponse.json(
        { error: { message: 'access denied: list on event is not allowed for user alice' } },
        { status: 403 },
      ),
    ),
  );
  await renderAudit();
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'access denied: list on event is not allowed for user alice',
  );
});

test('presets: today starts at local midnight; 7 and 30 days count back from now', () => {
  const now = new Date(2026, 4, 10, 15, 30);
  expect(presetRange('today', now).from).toEqual(new Date(2026, 4, 10, 0, 0));
  expect(now.getTime() - presetRange('week', now).from.getTime()).toBe(7 * 86_400_000);
  expect(now.getTime() - presetRange('month', now).from.getTime()).toBe(30 * 86_400_000);
});

test('a custom range covers whole local days and refuses a reversed one', () => {
  const range = customRange('2026-03-01', '2026-03-02')!;
  expect(range.from).toEqual(new Date(2026, 2, 1, 0, 0, 0, 0));
  expect(range.to).toEqual(new Date(2026, 2, 2, 23, 59, 59, 999));
  expect(customRange('2026-03-02', '2026-03-01')).toBeNull();
  expect(customRange('', '2026-03-01')).toBeNull();
});

test('choosing a custom range asks the server for those days', async () => {
  const { queries } = await auditGateway();
  await renderAudit();
  await screen.findByText('Local user [alice] successfully logged in');
  await userEvent.click(screen.getByRole('combobox', { name: 'Time range' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Custom Range…' }));
  fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
  await waitFor(() => expect(queries.at(-1)!.get('from')).toBe(new Date(2026, 0, 1).toISOString()));
});

test('a session end with a playable recording offers Play beside Details; timestamps stay on one line', async () => {
  /** alice's ssh session `sid` on web-1, ended at 10:30. */
  const end = (uid: string, sid: string, interactive: boolean) =>
    sessionEndJson(
      {
        sid,
        user: 'alice',
        node: { id: 'web-1-id', hostname: 'web-1', addr: '10.0.0.1:22' },
        interactive,
        start: '2026-01-01T10:25:00Z',
        stop: '2026-01-01T10:30:00Z',
      },
      { uid },
    );
  const page = await eventPageJson([await end('e7', 's7', true), await end('e8', 's8', false)]);
  server.use(http.get(apiPaths.events, () => HttpResponse.json(page)));
  await renderAudit();
  const played = (await screen.findByText('User [alice] has ended a session [s7]')).closest('tr')!;
  await userEvent.click(within(played).getByRole('button', { name: 'Actions for e7' }));
  expect(await screen.findByRole('menuitem', { name: 'Play' })).toHaveAttribute(
    'href',
    '/web/cluster/prod/session/s7?recordingType=ssh',
  );
  const notPlayable = screen.getByText('User [alice] has ended a session [s8]').closest('tr')!;
  expect(within(notPlayable).getByRole('button', { name: 'Details e8' })).toBeInTheDocument();
  expect(within(notPlayable).queryByRole('link', { name: /Play/ })).toBeNull();
  const time = within(played)
    .getByText(/^2026-01-01 \d\d:30:00$/)
    .closest('td')!;
  expect(getComputedStyle(time).whiteSpace).toBe('nowrap');
});

test('a database query’s statement is cut to 80 characters in the list; its details show the whole statement', async () => {
  const query = `select ${Array.from({ length: 37 }, (_, i) => `c${String(i).padStart(2, '0')}`).join(', ')} from wide`;
  expect(query).toHaveLength(200);
  const fields = {
    user: 'alice',
    sid: 'db-1',
    db_service: 'orders',
    db_protocol: 'postgres',
    db_user: 'reporting',
    db_name: 'sales',
    db_query: query,
  };
  const ran = await auditEventJson('DATABASE_SESSION_QUERY', fields, {
    time: '2026-01-01T10:00:00Z',
    uid: 'q1',
  });
  const refused = await auditEventJson(
    'DATABASE_SESSION_QUERY_FAILURE',
    { ...fields, error: 'statement not allowed' },
    { time: '2026-01-01T10:01:00Z', uid: 'q2' },
  );
  const page = await eventPageJson([refused, ran]);
  server.use(http.get(apiPaths.events, () => HttpResponse.json(page)));
  await renderAudit();
  const shown = `${query.slice(0, 80)}...`;
  const ranRow = (
    await screen.findByText(`User [alice] has executed query [${shown}] in database [sales] on [orders]`)
  ).closest('tr')!;
  expect(
    screen.getByText(
      `User [alice] query [${shown}] in database [sales] on [orders] failed: statement not allowed`,
    ),
  ).toBeInTheDocument();
  await userEvent.click(within(ranRow).getByRole('button', { name: 'Details q1' }));
  const json = await screen.findByLabelText('Event JSON');
  expect(JSON.parse(json.textContent!)).toEqual(ran);
  expect(JSON.parse(json.textContent!).db_query).toBe(query);
});
