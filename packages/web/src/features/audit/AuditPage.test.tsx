import { apiPaths, eventCatalogue, eventCodes } from '@portcullis/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import AuditPage from './AuditPage';
import { customRange, presetRange } from './auditRange';

const login = (user: string, uid: string) => ({
  code: eventCodes.USER_LOCAL_LOGIN,
  event: 'user.login',
  time: '2026-01-01T10:00:00Z',
  uid,
  user,
});

function auditGateway() {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(apiPaths.events, ({ request, params }) => {
      expect(params.clusterId).toBe('prod');
      const q = new URL(request.url).searchParams;
      queries.push(q);
      return q.get('startKey')
        ? HttpResponse.json({
            events: [
              {
                code: eventCodes.USER_CREATE,
                event: 'user.create',
                time: '2026-01-01T09:00:00Z',
                uid: 'e3',
                user: 'alice',
                name: 'carol',
              },
            ],
            startKey: '',
          })
        : HttpResponse.json({ events: [login('alice', 'e1'), login('bob', 'e2')], startKey: 'next-1' });
    }),
  );
  return queries;
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
  const queries = auditGateway();
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
  const queries = auditGateway();
  await renderAudit();
  await screen.findByText('Local user [alice] successfully logged in');
  await userEvent.click(screen.getByRole('button', { name: /load more|fetch more/i }));
  expect(await screen.findByText('User [carol] has been created')).toBeInTheDocument();
  expect(queries[1]!.get('startKey')).toBe('next-1');
  await waitFor(() =>
    expect(screen.queryByRole('button', { name: /load more|fetch more/i })).not.toBeInTheDocument(),
  );
});

test('search filters by message', async () => {
  auditGateway();
  await renderAudit();
  await screen.findByText('Local user [alice] successfully logged in');
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'bob');
  await waitFor(() =>
    expect(screen.queryByText('Local user [alice] successfully logged in')).not.toBeInTheDocument(),
  );
  expect(screen.getByText('Local user [bob] successfully logged in')).toBeInTheDocument();
});

test('details show the stored event as JSON', async () => {
  auditGateway();
  await renderAudit();
  const row = (await screen.findByText('Local user [alice] successfully logged in')).closest('tr')!;
  // One action is a button of its own, not a menu of one.
  expect(within(row).queryByRole('button', { name: /^Actions for/ })).toBeNull();
  await userEvent.click(within(row).getByRole('button', { name: 'Details e1' }));
  const json = await screen.findByLabelText('Event JSON');
  expect(JSON.parse(json.textContent!)).toEqual(login('alice', 'e1'));
});

test('a failed search shows the server’s error', async () => {
  server.use(
    http.get(apiPaths.events, () =>
      HttpResponse.json({ message: 'the audit log is unavailable' }, { status: 500 }),
    ),
  );
  await renderAudit();
  expect(await screen.findByRole('alert')).toHaveTextContent('the audit log is unavailable');
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
  const queries = auditGateway();
  await renderAudit();
  await screen.findByText('Local user [alice] successfully logged in');
  await userEvent.click(screen.getByRole('combobox', { name: 'Time range' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Custom Range…' }));
  fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
  await waitFor(() => expect(queries.at(-1)!.get('from')).toBe(new Date(2026, 0, 1).toISOString()));
});

test('a session end with a playable recording offers Play beside Details; timestamps stay on one line', async () => {
  const end = (uid: string, sid: string, extra: object) => ({
    code: eventCodes.SESSION_END,
    event: 'session.end',
    time: '2026-01-01T10:30:00Z',
    uid,
    sid,
    user: 'alice',
    server_hostname: 'web-1',
    ...extra,
  });
  server.use(
    http.get(apiPaths.events, () =>
      HttpResponse.json({
        events: [end('e7', 's7', { interactive: true }), end('e8', 's8', { interactive: false })],
        startKey: '',
      }),
    ),
  );
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
  const time = within(played).getByText(/^2026-01-01 \d\d:30:00$/).closest('td')!;
  expect(getComputedStyle(time).whiteSpace).toBe('nowrap');
});
