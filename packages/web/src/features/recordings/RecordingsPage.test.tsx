import { auditEventJson, eventPageJson, sessionEndJson } from '@portcullis/gateway/wire';
import { apiPaths } from '@portcullis/shared';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import RecordingsPage from './RecordingsPage';

/** alice's five-minute ssh session `sid` on web-1, joined by bob, as the gateway records its end. */
const end = (sid: string, s: { interactive?: boolean; recorded?: boolean } = {}) =>
  sessionEndJson(
    {
      sid,
      user: 'alice',
      participants: ['alice', 'bob'],
      node: { id: 'web-1-id', hostname: 'web-1', addr: '10.0.0.1:22' },
      start: '2026-01-01T10:00:00Z',
      stop: '2026-01-01T10:05:00Z',
      ...s,
    },
    { uid: `uid-${sid}` },
  );

test('lists ended sessions with duration, users, hostname and type; only playable ones link to the player', async () => {
  const page = await eventPageJson([await end('s-play'), await end('s-exec', { interactive: false }), await end('s-off', { recorded: false })]);
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(apiPaths.recordings, ({ request, params }) => {
      expect(params.clusterId).toBe('prod');
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(page);
    }),
  );
  renderPage(
    <Routes>
      <Route path="/web/cluster/:clusterId/recordings" element={<RecordingsPage />} />
    </Routes>,
    { path: '/web/cluster/prod/recordings' },
  );
  const play = await screen.findByRole('link', { name: 'Play s-play' });
  expect(play).toHaveTextContent(/^Play$/);
  expect(screen.getByRole('columnheader', { name: 'Recording' })).toBeInTheDocument();
  expect(screen.queryByRole('columnheader', { name: 'description' })).toBeNull();
  expect(play).toHaveAttribute('href', '/web/cluster/prod/session/s-play?recordingType=ssh&durationMs=300000');
  const row = play.closest('tr')!;
  for (const text of ['ssh', 'alice, bob', 'web-1', '5 minutes', 's-play']) expect(within(row).getByText(text)).toBeInTheDocument();
  expect(screen.getByText('non-interactive').closest('a')).toBeNull();
  expect(screen.getByText('recording disabled').closest('a')).toBeNull();
  expect(queries[0]!.get('limit')).toBe('5000');
  expect(Date.parse(queries[0]!.get('end')!) - Date.parse(queries[0]!.get('start')!)).toBe(7 * 24 * 3600 * 1000);
});

test('a failed search shows the server message', async () => {
  server.use(http.get(apiPaths.recordings, () => HttpResponse.json({ error: { message: 'access denied: list on session is not allowed for user alice' } }, { status: 403 })));
  renderPage(
    <Routes>
      <Route path="/web/cluster/:clusterId/recordings" element={<RecordingsPage />} />
    </Routes>,
    { path: '/web/cluster/prod/recordings' },
  );
  expect(await screen.findByText('access denied: list on session is not allowed for user alice')).toBeInTheDocument();
});

test('a database session is listed by its database and plays back as its statements', async () => {
  const dbEnd = await auditEventJson(
    'DATABASE_SESSION_ENDED',
    {
      sid: 'db-1',
      user: 'alice',
      db_service: 'orders',
      db_protocol: 'postgres',
      db_user: 'reporting',
      db_name: 'sales',
      session_start: '2026-01-01T10:00:00.000Z',
      session_stop: '2026-01-01T10:02:00.000Z',
    },
    { time: '2026-01-01T10:02:00Z', uid: 'uid-db-1' },
  );
  const page = await eventPageJson([dbEnd]);
  server.use(http.get(apiPaths.recordings, () => HttpResponse.json(page)));
  renderPage(
    <Routes>
      <Route path="/web/cluster/:clusterId/recordings" element={<RecordingsPage />} />
    </Routes>,
    { path: '/web/cluster/prod/recordings' },
  );
  const play = await screen.findByRole('link', { name: 'Play db-1' });
  expect(play).toHaveAttribute('href', '/web/cluster/prod/session/db-1?recordingType=database&durationMs=120000');
  const row = play.closest('tr')!;
  for (const text of ['database', 'alice', 'orders', '2 minutes', 'db-1']) expect(within(row).getByText(text)).toBeInTheDocument();
});
