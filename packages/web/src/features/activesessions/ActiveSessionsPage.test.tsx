import { apiPaths } from '@portcullis/shared';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import ActiveSessionsPage from './ActiveSessionsPage';

const session = (id: string, hostname: string, participantModes: string[]) => ({
  kind: 'ssh',
  id,
  namespace: 'default',
  login: 'root',
  created: new Date(Date.now() - 90_000).toISOString(),
  server_id: `${hostname}-id`,
  server_hostname: hostname,
  server_addr: `${hostname}:22`,
  cluster_name: 'prod',
  parties: [{ user: 'alice' }, { user: 'bob' }],
  participantModes,
});

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
