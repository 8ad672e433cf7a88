import type { DesktopTarget } from '@portcullis/console-kit';
import type { DesktopControlMessage } from '@portcullis/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { FakeSocket } from '../../testing/fakeSocket';
import { userContextHandlers } from '../../testing/gateway';
import { renderPage } from '../../testing/renderPage';
import { server } from '../../testing/server';
import DesktopSessionPage from './DesktopSessionPage';
import { fakeRfbs } from './fakeRfb';

let sockets: FakeSocket[];
let targets: DesktopTarget[];
let rfbs: ReturnType<typeof fakeRfbs>;
const connect = (target: DesktopTarget, size: { width: number; height: number }) => {
  targets.push({ ...target, ...size });
  const socket = new FakeSocket();
  sockets.push(socket);
  return socket;
};
const socket = () => sockets.at(-1)!;
const rfb = () => rfbs.made.at(-1)!;
const gatewaySends = (message: DesktopControlMessage) => socket().emit('message', JSON.stringify(message));

beforeEach(() => {
  sockets = [];
  targets = [];
  rfbs = fakeRfbs();
  server.use(...userContextHandlers(['desktops']));
});

async function renderDesktop(path = '/web/cluster/main/desktops/win-1/Administrator') {
  await act(async () => {
    renderPage(
      <Suspense fallback="loading">
        <Routes>
          <Route
            path="/web/cluster/:clusterId/desktops/:desktopName/:username"
            element={<DesktopSessionPage connect={connect} makeRfb={rfbs.makeRfb} />}
          />
        </Routes>
      </Suspense>,
      { path },
    );
  });
  await screen.findByRole('heading', { name: 'win-1' });
  socket().emit('open');
}

const owner = { type: 'session', sid: 's-1', mode: 'owner', recording: false, clipboard: true } as const;

test('connects as the login in the address, resizing the desktop to the window and handing noVNC only the binary frames', async () => {
  await renderDesktop();
  // jsdom lays nothing out, so the page asks for its fallback size.
  expect(targets).toEqual([
    {
      clusterId: 'main',
      desktopName: 'win-1',
      username: 'Administrator',
      sid: undefined,
      width: 1280,
      height: 720,
    },
  ]);
  expect(socket().binaryType).toBe('arraybuffer');
  expect(rfb().target).toBe(screen.getByTestId('desktop-screen'));
  expect(rfb()).toMatchObject({ resizeSession: true, scaleViewport: false, viewOnly: false });
  expect(screen.getByText('Connecting…')).toBeInTheDocument();

  socket().emit('message', Uint8Array.from([82, 70, 66]).buffer);
  gatewaySends(owner);
  socket().emit('message', Uint8Array.from([1, 2]));
  expect(rfb().received).toEqual([
    [82, 70, 66],
    [1, 2],
  ]);
  expect(screen.getByText('Connected')).toBeInTheDocument();
  expect(screen.getByText('as Administrator')).toBeInTheDocument();
  expect(screen.queryByText('Recording')).toBeNull();
  expect(screen.getByText('Clipboard shared')).toBeInTheDocument();
  expect(rfb().focused).toBe(true);
  // What noVNC sends goes to the desktop as binary frames.
  rfb().channel.send(Uint8Array.from([3]));
  expect(socket().sent).toEqual([Uint8Array.from([3])]);
});

test('a recorded session says so; clipboard text passes both ways when the session and the roles allow it', async () => {
  const writeText = jest.fn().mockResolvedValue(undefined);
  const readText = jest.fn().mockResolvedValue('from the laptop');
  Object.defineProperty(navigator, 'clipboard', { value: { writeText, readText }, configurable: true });
  await renderDesktop();
  gatewaySends({ ...owner, recording: true });
  expect(screen.getByText('Recording')).toBeInTheDocument();

  rfb().remoteClipboard('from the desktop');
  expect(writeText).toHaveBeenCalledWith('from the desktop');
  await act(async () => fireEvent.focus(screen.getByTestId('desktop-screen')));
  expect(rfb().pasted).toEqual(['from the laptop']);
  fireEvent.paste(screen.getByTestId('desktop-screen'), {
    clipboardData: { getData: (type: string) => (type === 'text/plain' ? 'pasted text' : '') },
  });
  expect(rfb().pasted).toEqual(['from the laptop', 'pasted text']);
});

test('without clipboard in the session no text passes either way', async () => {
  const writeText = jest.fn().mockResolvedValue(undefined);
  const readText = jest.fn().mockResolvedValue('secret');
  Object.defineProperty(navigator, 'clipboard', { value: { writeText, readText }, configurable: true });
  await renderDesktop();
  gatewaySends({ ...owner, clipboard: false });
  expect(screen.getByText('Clipboard off')).toHaveAttribute('title', 'Not allowed in this session');
  rfb().remoteClipboard('from the desktop');
  await act(async () => fireEvent.focus(screen.getByTestId('desktop-screen')));
  expect(writeText).not.toHaveBeenCalled();
  expect(readText).not.toHaveBeenCalled();
  expect(rfb().pasted).toEqual([]);
});

test('?sid= joins that session as an observer: a view only, scaled to the window, with a banner saying so', async () => {
  await renderDesktop('/web/cluster/main/desktops/win-1/Administrator?sid=s-9');
  expect(targets[0]).toMatchObject({ username: 'Administrator', sid: 's-9' });
  gatewaySends({ ...owner, sid: 's-9', mode: 'observer' });
  expect(
    screen.getByText('You are observing this session: your keyboard and mouse do not reach the desktop.'),
  ).toBeInTheDocument();
  expect(rfb()).toMatchObject({ viewOnly: true, resizeSession: false, scaleViewport: true, focused: false });
});

test('the gateway’s error is shown with the reason the socket closed', async () => {
  await renderDesktop();
  gatewaySends({ type: 'error', message: 'desktop win-1 is not reachable' });
  socket().emit('close', undefined, { code: 1011, reason: 'desktop unreachable' });
  expect(screen.getByRole('alert')).toHaveTextContent('desktop win-1 is not reachable');
  expect(screen.getByRole('alert')).toHaveTextContent('The connection closed: desktop unreachable.');
  expect(screen.getByText('Disconnected')).toBeInTheDocument();
  expect(rfb().received).toEqual([]);
});

test('a frame that is not one of the gateway’s messages is reported and kept from noVNC', async () => {
  await renderDesktop();
  socket().emit('message', '{"type":"hello"}');
  expect(screen.getByRole('alert')).toHaveTextContent(
    /^The gateway sent a message that does not match the protocol/,
  );
  expect(rfb().received).toEqual([]);
});

test('a socket closed without an error says why', async () => {
  await renderDesktop();
  gatewaySends(owner);
  socket().emit('close', undefined, { code: 1006, reason: '' });
  expect(screen.getByText('The connection closed: connection lost (code 1006).')).toBeInTheDocument();
});

test('Disconnect closes the socket; Reconnect opens a new one with a new RFB client', async () => {
  const user = userEvent.setup();
  await renderDesktop();
  gatewaySends(owner);
  expect(screen.getByRole('button', { name: 'Reconnect' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Disconnect' }));
  expect(rfb().disconnected).toBe(true);
  expect(socket().closed).toBe(true);
  expect(screen.getByText('You disconnected from the desktop.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Disconnect' })).toBeDisabled();

  await user.click(screen.getByRole('button', { name: 'Reconnect' }));
  expect(sockets).toHaveLength(2);
  expect(rfbs.made).toHaveLength(2);
  expect(screen.getByText('Connecting…')).toBeInTheDocument();
  expect(screen.queryByText('You disconnected from the desktop.')).toBeNull();
  socket().emit('open');
  gatewaySends(owner);
  expect(screen.getByText('Connected')).toBeInTheDocument();
});
