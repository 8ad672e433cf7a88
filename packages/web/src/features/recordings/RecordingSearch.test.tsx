import { eventPageJson } from '@portcullis/gateway/wire';
import { apiPaths, type RecordingSearchHitJson, type RecordingSearchJson } from '@portcullis/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import RecordingsPage from './RecordingsPage';

// Built by hand from shared's RecordingSearchJson: the gateway's search presenter is being written alongside.
const hit = (sid: string, t: number, text: string, kind: RecordingSearchHitJson['kind'] = 'output'): RecordingSearchHitJson => ({
  sid,
  t,
  kind,
  text,
  sessionStart: '2026-01-01T10:00:00Z',
  user: 'alice',
  login: 'root',
  hostname: 'web-1',
  recordingType: 'ssh',
});

async function renderRecordings(pages: Record<string, RecordingSearchJson>) {
  const searches: URLSearchParams[] = [];
  const emptyEvents = await eventPageJson([]);
  server.use(
    http.get(apiPaths.recordings, () => HttpResponse.json(emptyEvents)),
    http.get(apiPaths.recordingSearch, ({ request, params }) => {
      expect(params.clusterId).toBe('prod');
      const query = new URL(request.url).searchParams;
      searches.push(query);
      return HttpResponse.json(pages[query.get('startKey') ?? '']);
    }),
  );
  renderPage(
    <Routes>
      <Route path="/web/cluster/:clusterId/recordings" element={<RecordingsPage />} />
    </Routes>,
    { path: '/web/cluster/prod/recordings' },
  );
  return searches;
}

test('a search waits for three characters, then lists the matching lines, each opening the player at its moment', async () => {
  const user = userEvent.setup();
  const searches = await renderRecordings({
    '': { hits: [hit('s-1', 65_000, 'root@web-1:~# systemctl RESTART nginx', 'input')], startKey: 'k2' },
    k2: { hits: [hit('s-2', 3_000, 'nginx restarted')], startKey: '' },
  });
  const box = screen.getByRole('textbox', { name: 'Search recordings' });
  await user.type(box, 're{Enter}');
  expect(box).toHaveAccessibleDescription('Type at least 3 characters to search.');
  expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
  expect(searches).toEqual([]);

  await user.type(box, 'start{Enter}');
  const play = await screen.findByRole('link', { name: 'Play s-1 at 1:05' });
  expect(searches.map((q) => q.toString())).toEqual(['query=restart&limit=50']);
  expect(play).toHaveAttribute('href', '/web/cluster/prod/session/s-1?recordingType=ssh&t=65000');
  const row = play.closest('tr')!;
  for (const text of ['2026-01-01 10:00:00', 'alice', 'web-1', 'root', '1:05', 'input']) expect(within(row).getByText(text)).toBeInTheDocument();
  expect(within(row).getByText('RESTART').tagName).toBe('MARK');

  await user.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByRole('link', { name: 'Play s-2 at 0:03' })).toBeInTheDocument();
  expect(searches.map((q) => q.get('startKey'))).toEqual([null, 'k2']);
  expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
});

test('a new query starts over with the first page; a refused search shows the server message', async () => {
  const user = userEvent.setup();
  const searches = await renderRecordings({ '': { hits: [hit('s-1', 1_000, 'sudo reboot')], startKey: '' } });
  const box = screen.getByRole('textbox', { name: 'Search recordings' });
  await user.type(box, 'reboot');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  expect(await screen.findByRole('link', { name: 'Play s-1 at 0:01' })).toBeInTheDocument();

  server.use(http.get(apiPaths.recordingSearch, () => HttpResponse.json({ error: { message: 'access denied: list on session' } }, { status: 403 })));
  await user.clear(box);
  await user.type(box, 'shutdown{Enter}');
  expect(await screen.findByText('access denied: list on session')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('link', { name: 'Play s-1 at 0:01' })).toBeNull());
  expect(searches.map((q) => q.get('query'))).toEqual(['reboot']);
});

test('a search that finds nothing says so', async () => {
  const user = userEvent.setup();
  await renderRecordings({ '': { hits: [], startKey: '' } });
  await user.type(screen.getByRole('textbox', { name: 'Search recordings' }), 'kubectl{Enter}');
  expect(await screen.findByText('No recording contains “kubectl”')).toBeInTheDocument();
});
