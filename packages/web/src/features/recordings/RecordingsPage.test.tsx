import { apiPaths } from '@portcullis/shared';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import RecordingsPage from './RecordingsPage';

const end = (sid: string, fields: Record<string, unknown>) => ({
  event: 'session.end',
  code: 'T2004I',
  sid,
  time: '2026-01-01T10:05:00Z',
  session_start: '2026-01-01T10:00:00Z',
  session_stop: '2026-01-01T10:05:00Z',
  participants: ['alice', 'bob'],
  server_hostname: 'web-1',
  interactive: true,
  ...fields,
});

test('lists ended sessions with duration, users, hostname and type; only playable ones link to the player', async () => {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(apiPaths.recordings, ({ request, params }) => {
      expect(params.clusterId).toBe('prod');
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        events: [end('s-play', {}), end('s-exec', { interactive: false }), end('s-off', { session_recording: 'off' })],
        startKey: '',
      });
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
  server.use(http.get(apiPaths.recordings, () => HttpResponse.json({ error: { message: 'access denied: list on session' } }, { status: 403 })));
  renderPage(
    <Routes>
      <Route path="/web/cluster/:clusterId/recordings" element={<RecordingsPage />} />
    </Routes>,
    { path: '/web/cluster/prod/recordings' },
  );
  expect(await screen.findByText('access denied: list on session')).toBeInTheDocument();
});
