import { activeSessionFixture } from '@portcullis/gateway/wire';
import { apiPaths, type AclArea, type ParticipantMode } from '@portcullis/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import ActiveSessionsPage from './ActiveSessionsPage';

/** A session on node `hostname` of cluster prod, owned by alice and joined by bob, as the gateway lists it. */
const session = (id: string, hostname: string, participantModes: ParticipantMode[]) =>
  activeSessionFixture({ id, hostname, users: ['alice', 'bob'], cluster: 'prod' }, participantModes);

/** The page in cluster prod for a user holding every verb on `areas`; it waits for the user context first. */
async function renderSessions(areas: AclArea[] = ['activeSessions'], page = <ActiveSessionsPage />) {
  server.use(...userContextHandlers(areas));
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <Routes>
          <Route path="/web/cluster/:clusterId/sessions" element={page} />
        </Routes>
      </Suspense>,
      { path: '/web/cluster/prod/sessions' },
    );
  });
}

/** The join links a session's Join menu offers, by mode title, opening it first. */
async function joinLinks(resourceName: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Join ${resourceName}` }));
  const menu = await screen.findByRole('menu', { name: `Join ${resourceName}` });
  const links = within(menu).getAllByRole('menuitem');
  return Object.fromEntries(links.map((l) => [l.textContent, l.getAttribute('href')]));
}

test('lists live sessions with their parties and offers to join in the modes the roles allow', async () => {
  server.use(
    http.get(apiPaths.sessions, ({ params }) => {
      expect(params.clusterId).toBe('prod');
      return HttpResponse.json({ sessions: [session('s1', 'web-1', ['observer', 'peer']), session('s2', 'db-1', [])] });
    }),
  );
  await renderSessions();
  expect(await joinLinks('web-1')).toEqual({
    Observer: '/web/cluster/prod/console/session/s1?mode=observer',
    Peer: '/web/cluster/prod/console/session/s1?mode=peer',
  });
  const row = screen.getByRole('button', { name: 'Join web-1' }).closest('tr')!;
  for (const text of ['ssh', 'root', 'alice, bob', '1 minute 30 seconds']) expect(within(row).getByText(text)).toBeInTheDocument();
  const other = screen.getByText('db-1').closest('tr')!;
  expect(within(other).queryByRole('button', { name: /^Join/ })).toBeNull();
  expect(within(other).getByText('Cannot join')).toBeInTheDocument();
  // The reason shows on keyboard focus (and hover) of the hint, and names the hint for assistive technology.
  const why = within(other).getByRole('button', { name: 'Why can’t I join the session on db-1?' });
  act(() => why.focus());
  const tip = await screen.findByRole('tooltip');
  expect(tip).toHaveTextContent('Your roles have no join_sessions rule that matches this session’s owner roles and kind (ssh).');
  expect(why).toHaveAccessibleDescription('Your roles have no join_sessions rule that matches this session’s owner roles and kind (ssh).');
});

test('a session’s duration is counted to the clock the page is given', async () => {
  const started = { ...session('s1', 'web-1', ['observer']), created: '2026-01-01T10:00:00Z' };
  server.use(http.get(apiPaths.sessions, () => HttpResponse.json({ sessions: [started] })));
  await renderSessions(['activeSessions'], <ActiveSessionsPage now={() => Date.parse('2026-01-01T10:12:00Z')} />);
  const row = (await screen.findByRole('button', { name: 'Join web-1' })).closest('tr')!;
  expect(within(row).getByText('12 minutes')).toBeInTheDocument();
});

test('each session offers to lock its owner, only to a user who may create locks', async () => {
  server.use(http.get(apiPaths.sessions, () => HttpResponse.json({ sessions: [session('s1', 'web-1', ['observer'])] })));
  await renderSessions(['activeSessions', 'lock']);
  // The owner is alice (the first party), not bob who joined.
  expect(await screen.findByRole('link', { name: 'Lock s1' })).toHaveAttribute('href', '/web/locks/new?user=alice');
});

test('without the right to create locks no session offers a Lock action', async () => {
  server.use(http.get(apiPaths.sessions, () => HttpResponse.json({ sessions: [session('s1', 'web-1', ['observer'])] })));
  await renderSessions(['activeSessions']);
  await screen.findByRole('button', { name: 'Join web-1' });
  expect(screen.queryByRole('link', { name: /^Lock/ })).toBeNull();
});

test('a desktop session is joined on its desktop page as an observer, as the session’s login', async () => {
  // The gateway's session presenter names no desktop yet: an ssh session's wire object turned into a desktop one.
  const desktop = { ...session('d1', 'unused', ['observer', 'peer']), kind: 'desktop' as const, login: 'Administrator', desktop_name: 'win-1' };
  server.use(http.get(apiPaths.sessions, () => HttpResponse.json({ sessions: [desktop] })));
  await renderSessions();
  expect(await joinLinks('win-1')).toEqual({ Observer: '/web/cluster/prod/desktops/win-1/Administrator?sid=d1' });
});
