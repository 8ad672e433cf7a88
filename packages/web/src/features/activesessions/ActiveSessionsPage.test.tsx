import { activeSessionFixture } from '@portcullis/gateway/wire';
import { apiPaths, type ParticipantMode } from '@portcullis/shared';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import ActiveSessionsPage from './ActiveSessionsPage';

/** A session on node `hostname` of cluster prod, owned by alice and joined by bob, as the gateway lists it. */
const session = (id: string, hostname: string, participantModes: ParticipantMode[]) =>
  activeSessionFixture({ id, hostname, users: ['alice', 'bob'], cluster: 'prod' }, participantModes);

test('lists live sessions with their parties and offers to join in the modes the roles allow', async () => {
  server.use(
    http.get(apiPaths.sessions, ({ params }) => {
      expect(params.clusterId).toBe('prod');
      return HttpResponse.json({ sessions: [session('s1', 'web-1', ['observer', 'peer']), session('s2', 'db-1', [])] });
    }),
  );
  renderPage(
    <Routes>
      <Route path="/web/cluster/:clusterId/sessions" element={<ActiveSessionsPage />} />
    </Routes>,
    { path: '/web/cluster/prod/sessions' },
  );
  const observe = await screen.findByRole('link', { name: 'Join web-1 as observer' });
  expect(observe).toHaveAttribute('href', '/web/cluster/prod/console/session/s1?mode=observer');
  expect(screen.getByRole('link', { name: 'Join web-1 as peer' })).toHaveAttribute('href', '/web/cluster/prod/console/session/s1?mode=peer');
  expect(screen.queryByRole('link', { name: /as moderator/ })).toBeNull();
  const row = observe.closest('tr')!;
  for (const text of ['ssh', 'root', 'alice, bob', '1 minute 30 seconds']) expect(within(row).getByText(text)).toBeInTheDocument();
  const other = screen.getByText('db-1').closest('tr')!;
  expect(within(other).queryByText('not allowed')).toBeNull();
  expect(within(other).getByText(/^Your roles have no join_sessions rule that matches this session’s owner roles and kind \(ssh\)/)).toBeInTheDocument();
});
