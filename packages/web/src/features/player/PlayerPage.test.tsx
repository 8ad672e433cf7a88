import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderPage } from '../../testing/renderPage';
import PlayerPage from './PlayerPage';

// The header is under test, not playback (PlayerEngine has its own tests): a recording type the player
// does not play keeps xterm and the recording's requests out of the page.
function renderPlayer() {
  return renderPage(
    <Routes>
      <Route path="/web/cluster/:clusterId/session/:sid" element={<PlayerPage />} />
      <Route path="/web/cluster/:clusterId/recordings" element={<p>The Session Recordings page</p>} />
    </Routes>,
    { path: '/web/cluster/main/session/s-42?recordingType=desktop' },
  );
}

test('the player names the recording and leads back to Session Recordings', async () => {
  const user = userEvent.setup();
  renderPlayer();
  const header = screen.getByRole('banner');
  expect(within(header).getByRole('heading', { level: 1, name: 'Recording of session s-42' })).toBeInTheDocument();
  const back = within(header).getByRole('link', { name: 'Session Recordings' });
  expect(back).toHaveAttribute('href', '/web/cluster/main/recordings');
  await user.click(back);
  expect(screen.getByText('The Session Recordings page')).toBeInTheDocument();
});
