import type { KubeExecTarget } from '@portcullis/console-kit';
import { decodeFrame, encodeControl } from '@portcullis/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { FakeSocket } from '../../testing/fakeSocket';
import { renderPage } from '../../testing/renderPage';
import KubeExecPage from './KubeExecPage';

// jsdom has no canvas or layout for xterm; the page is tested with a terminal that records what it is given and
// lets the test type into it. The engine between it and the socket is the real one (its own tests cover the protocol).
jest.mock('@portcullis/console-kit', () => ({
  ...jest.requireActual('@portcullis/console-kit'),
  openXterm: () => {
    const terminal = {
      cols: 120,
      rows: 40,
      options: {},
      write: (data: Uint8Array | string, done?: () => void) => {
        screenText.push(typeof data === 'string' ? data : new TextDecoder().decode(data));
        done?.();
      },
      onData: (listener: (data: string) => void) => {
        type = listener;
        return { dispose() {} };
      },
      onResize: () => ({ dispose() {} }),
      focus() {},
      dispose() {},
    };
    return { terminal, renderer: 'dom', fit() {}, dispose() {} };
  },
}));

// jsdom does no layout, so nothing is ever resized; the pane only needs to be able to observe.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

let screenText: string[];
let type: (data: string) => void;
let sockets: FakeSocket[];
let opened: { target: KubeExecTarget; term: { w: number; h: number } }[];
beforeEach(() => {
  screenText = [];
  sockets = [];
  opened = [];
});

const connect = (target: KubeExecTarget, term: { w: number; h: number }) => {
  opened.push({ target, term });
  const socket = new FakeSocket();
  sockets.push(socket);
  return socket;
};

const renderExec = (query: string) =>
  renderPage(
    <Routes>
      <Route
        path="/web/cluster/:clusterId/console/kube/exec/:kubeId"
        element={<KubeExecPage connect={connect} />}
      />
      <Route path="/web/cluster/:clusterId/kubernetes" element={<p>The Kubernetes page</p>} />
    </Routes>,
    { path: `/web/cluster/main/console/kube/exec/staging${query}` },
  );

const header = () => screen.getByRole('banner');

test('opens the command from the address in the pod’s container, at the terminal’s size, and names namespace/pod (container) and both clusters in the header', async () => {
  const user = userEvent.setup();
  renderExec('?namespace=shop&pod=api-0&container=app&command=bash%20-l&kubernetes_user=viewer');
  expect(opened).toEqual([
    {
      target: {
        clusterId: 'main',
        kubeCluster: 'staging',
        exec: {
          namespace: 'shop',
          pod: 'api-0',
          container: 'app',
          command: ['bash', '-l'],
          kubernetes_user: 'viewer',
        },
      },
      term: { w: 120, h: 40 },
    },
  ]);
  expect(within(header()).getByRole('heading', { level: 1, name: 'shop/api-0 (app)' })).toBeInTheDocument();
  expect(within(header()).getByText('Kubernetes cluster: staging')).toBeInTheDocument();
  expect(within(header()).getByText('Cluster: main')).toBeInTheDocument();
  await user.click(within(header()).getByRole('link', { name: 'Kubernetes' }));
  expect(screen.getByText('The Kubernetes page')).toBeInTheDocument();
});

test('without a command or namespace, /bin/sh runs in the default namespace', () => {
  renderExec('?pod=web-1');
  expect(opened.map((o) => o.target.exec)).toEqual([
    { namespace: 'default', pod: 'web-1', command: ['/bin/sh'] },
  ]);
  expect(within(header()).getByRole('heading', { level: 1, name: 'default/web-1' })).toBeInTheDocument();
});

test('the header follows the session: connecting, connected, then ended with the gateway’s reason', async () => {
  renderExec('?namespace=shop&pod=api-0');
  const socket = sockets[0]!;
  expect(within(header()).getByRole('status', { name: 'Connecting' })).toBeInTheDocument();
  socket.emit('open');
  expect(within(header()).getByText('Connected')).toBeInTheDocument();

  // The pod's output reaches the terminal, and keystrokes go to the pod as binary frames, as on a node.
  socket.emit('message', new TextEncoder().encode('/ # ').buffer);
  await waitFor(() => expect(screenText).toContain('/ # '));
  type('ls\r');
  expect(socket.sent.map((f) => decodeFrame(f))).toEqual([
    { kind: 'data', data: new TextEncoder().encode('ls\r') },
  ]);

  socket.emit(
    'message',
    encodeControl({ type: 'close', reason: 'the command exited with code 0', exitCode: 0 }),
  );
  expect(within(header()).getByText('Ended')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('the command exited with code 0');
});

test('a refusal from the gateway is written in the terminal, and the dropped connection says so', () => {
  renderExec('?namespace=shop&pod=api-0');
  const socket = sockets[0]!;
  socket.emit('open');
  socket.emit(
    'message',
    encodeControl({ type: 'error', message: 'pods "api-0" is forbidden for kubernetes user viewer' }),
  );
  expect(screenText.join('')).toContain('pods "api-0" is forbidden for kubernetes user viewer');
  socket.emit('close');
  expect(within(header()).getByText('Ended')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('The connection to the server was closed.');
});

test('an address without a pod opens nothing and says how to get here', () => {
  renderExec('?namespace=shop');
  expect(opened).toEqual([]);
  expect(screen.getByRole('alert')).toHaveTextContent(
    'The address names no pod. Open a terminal from Connect on the Kubernetes page.',
  );
  expect(within(header()).getByRole('link', { name: 'Kubernetes' })).toHaveAttribute(
    'href',
    '/web/cluster/main/kubernetes',
  );
});

test('leaving the page ends the session from this side', () => {
  const { unmount } = renderExec('?namespace=shop&pod=api-0');
  sockets[0]!.emit('open');
  unmount();
  expect(sockets[0]!.sent.map((f) => decodeFrame(f))).toEqual([
    { kind: 'control', message: { type: 'close', reason: 'the browser left the session' } },
  ]);
  expect(sockets[0]!.closed).toBe(true);
});
