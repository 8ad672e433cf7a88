import { encodeControl, type TerminalParams } from '@portcullis/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { FakeTerminalSocket as FakeSocket } from '../../testing/fakeTerminalSocket';
import { renderPage } from '../../testing/renderPage';
import JoinSessionPage from './JoinSessionPage';

// jsdom has no canvas for xterm: a terminal that accepts writes stands in; the engine is the real one.
jest.mock('@portcullis/console-kit', () => ({
  ...jest.requireActual('@portcullis/console-kit'),
  openXterm: () => ({
    terminal: {
      cols: 80,
      rows: 24,
      options: {},
      write: (_data: unknown, done?: () => void) => done?.(),
      onData: () => ({ dispose() {} }),
      onResize: () => ({ dispose() {} }),
      resize() {},
    },
    fit() {},
    dispose() {},
  }),
}));


let socket: FakeSocket;
// The page's prop is typed as the browser's socket; the engine needs only what TerminalSocket names.
const connect = (clusterId: string, params: TerminalParams) => (socket = new FakeSocket(clusterId, params));

const renderJoin = (path: string) =>
  renderPage(
    <Routes>
      <Route path="/web/cluster/:clusterId/console/session/:sid" element={<JoinSessionPage connect={connect} />} />
    </Routes>,
    { path },
  );

const request = encodeControl({ type: 'file-transfer-request', requestId: 'r1', requester: 'alice', download: true, location: '/etc/hosts' });

test('a moderator is asked about each file transfer and answers through the session', async () => {
  const user = userEvent.setup();
  renderJoin('/web/cluster/main/console/session/s1?mode=moderator');
  expect(socket.params).toMatchObject({ sid: 's1', mode: 'moderator' });
  socket.emit('open');
  socket.emit('message', request);
  const dialog = await screen.findByRole('dialog', { name: 'File transfer request' });
  expect(dialog).toHaveTextContent('alice wants to download /etc/hosts');
  await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
  expect(socket.controls()).toContainEqual({ kind: 'control', message: { type: 'file-transfer-decision', requestId: 'r1', approved: true } });
  socket.emit('message', encodeControl({ type: 'file-transfer-decision', requestId: 'r1', approved: true, moderator: 'bob' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('a moderator ends the session with End session; leaving the page does not end it', async () => {
  const user = userEvent.setup();
  const page = renderJoin('/web/cluster/main/console/session/s1?mode=moderator');
  socket.emit('open');
  await user.click(screen.getByRole('button', { name: 'End session' }));
  expect(socket.controls()).toEqual([{ kind: 'control', message: { type: 'close', reason: 'ended from the console' } }]);
  page.unmount();
  expect(socket.controls()).toHaveLength(1);
  expect(socket.closed).toBe(true);
});

test('an observer is not asked and has no End session', () => {
  renderJoin('/web/cluster/main/console/session/s1?mode=observer');
  socket.emit('open');
  socket.emit('message', request);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'End session' })).not.toBeInTheDocument();
});

test('the header names the joined session, who is in it, how this browser joined and the cluster, with the way back', () => {
  renderJoin('/web/cluster/main/console/session/s1?mode=observer');
  expect(screen.getByRole('heading', { level: 1, name: 'Session s1' })).toBeInTheDocument();
  expect(within(screen.getByRole('banner')).getByText('Cluster: main')).toBeInTheDocument();
  expect(screen.getByText('Joining as observer')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Active Sessions' })).toHaveAttribute('href', '/web/cluster/main/sessions');
  const party = (user: string) => ({ id: `p-${user}`, user, remote_addr: '10.0.0.9', server_id: 'n1', last_active: '2026-11-21T04:00:00Z' });
  act(() => {
    socket.emit('open');
    socket.emit(
      'message',
      encodeControl({
        type: 'session',
        session: {
          kind: 'ssh',
          id: 's1',
          namespace: 'default',
          login: 'root',
          server_id: 'n1',
          server_hostname: 'web-1',
          server_addr: '127.0.0.1:22',
          cluster_name: 'main',
          created: '2026-11-21T04:00:00Z',
          last_active: '2026-11-21T04:00:00Z',
          terminal_params: { w: 100, h: 30 },
          parties: [party('alice'), party('carol')],
        },
      }),
    );
  });
  expect(screen.getByRole('heading', { level: 1, name: 'root@web-1' })).toBeInTheDocument();
  expect(screen.getByText('Joined as observer')).toBeInTheDocument();
  expect(within(screen.getByLabelText('Session')).getAllByRole('definition')[1]).toHaveTextContent(/^alice, carol$/);
});
