import { apiPaths, displayDateTime } from '@portcullis/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { FakeSocket } from '../../testing/fakeSocket';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import { fakeRfbs } from '../desktops/fakeRfb';
import PlayerPage from './PlayerPage';

// The header is under test, not playback (PlayerEngine has its own tests): a recording type the player
// does not play keeps xterm and the recording's requests out of the page.
function renderPlayer() {
  return renderPage(
    <Routes>
      <Route path="/web/cluster/:clusterId/session/:sid" element={<PlayerPage />} />
      <Route path="/web/cluster/:clusterId/recordings" element={<p>The Session Recordings page</p>} />
    </Routes>,
    { path: '/web/cluster/main/session/s-42?recordingType=x11' },
  );
}

test('the player names the recording and its cluster, and leads back to Session Recordings', async () => {
  const user = userEvent.setup();
  renderPlayer();
  const header = screen.getByRole('banner');
  expect(within(header).getByRole('heading', { level: 1, name: 'Recording of session s-42' })).toBeInTheDocument();
  expect(within(header).getByText('Cluster: main')).toBeInTheDocument();
  const back = within(header).getByRole('link', { name: 'Session Recordings' });
  expect(back).toHaveAttribute('href', '/web/cluster/main/recordings');
  await user.click(back);
  expect(screen.getByText('The Session Recordings page')).toBeInTheDocument();
});

test('a desktop recording plays from its playback socket into noVNC, with the player’s controls', async () => {
  server.use(http.get(apiPaths.recordings, () => HttpResponse.json({ events: [], startKey: '' })));
  const sockets: FakeSocket[] = [];
  const targets: unknown[] = [];
  const rfbs = fakeRfbs();
  const connect = (target: { clusterId: string; sid: string }) => {
    targets.push(target);
    sockets.push(new FakeSocket());
    return sockets.at(-1)!;
  };
  renderPage(
    <Routes>
      <Route
        path="/web/cluster/:clusterId/session/:sid"
        element={<PlayerPage connectDesktopPlayback={connect} makeRfb={rfbs.makeRfb} />}
      />
    </Routes>,
    { path: '/web/cluster/main/session/s-7?recordingType=desktop&durationMs=61000' },
  );
  expect(targets).toEqual([{ clusterId: 'main', sid: 's-7' }]);
  expect(screen.getByTestId('player-time')).toHaveTextContent('0:00 / 1:01');
  sockets[0]!.emit(
    'message',
    JSON.stringify({ type: 'recording', sid: 's-7', desktopName: 'win-1', user: 'alice', startTime: '2026-01-01T10:00:00.000Z', durationMs: 62000 }),
  );
  expect(screen.getByText('win-1, alice')).toBeInTheDocument();
  expect(screen.getByTestId('player-time')).toHaveTextContent('0:00 / 1:02');
  const chunk = new Uint8Array(10);
  chunk.set([5, 6], 8);
  sockets[0]!.emit('message', chunk.buffer);
  // The synthetic RFB opening, then the chunk at its time 0.
  await waitFor(() => expect(rfbs.made[0]!.received.at(-1)).toEqual([5, 6]));
  expect(rfbs.made[0]).toMatchObject({ viewOnly: true, scaleViewport: true, resizeSession: false });
  expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();

  // The socket closing before the end message is an error.
  sockets[0]!.emit('close', undefined, { code: 1011, reason: 'recording not found' });
  expect(screen.getByRole('alert')).toHaveTextContent(
    'The recording stopped before its end: recording not found.',
  );
});

test('a desktop recording’s header names its session from the playback’s own header', async () => {
  const sockets: FakeSocket[] = [];
  renderPage(
    <Routes>
      <Route
        path="/web/cluster/:clusterId/session/:sid"
        element={
          <PlayerPage
            connectDesktopPlayback={() => {
              sockets.push(new FakeSocket());
              return sockets.at(-1)!;
            }}
            makeRfb={fakeRfbs().makeRfb}
          />
        }
      />
    </Routes>,
    { path: '/web/cluster/main/session/s-7?recordingType=desktop&durationMs=62000' },
  );
  expect(screen.queryByLabelText('Recorded session')).toBeNull();
  sockets[0]!.emit(
    'message',
    JSON.stringify({ type: 'recording', sid: 's-7', desktopName: 'win-1', user: 'carol', startTime: '2026-01-01T10:00:00.000Z', durationMs: 62000 }),
  );
  const facts = await screen.findByLabelText('Recorded session');
  expect(within(facts).getAllByRole('definition').map((d) => d.textContent)).toEqual([
    'carol',
    'win-1',
    displayDateTime('2026-01-01T10:00:00.000Z'),
    '1 minute 2 seconds',
  ]);
});
