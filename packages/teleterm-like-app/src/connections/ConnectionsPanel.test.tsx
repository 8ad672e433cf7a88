import { ThemeProvider } from '@portcullis/design';
import type { DaemonConnectionJson } from '@portcullis/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createDaemonClient } from '../daemon/daemonClient';
import { connection } from '../testing/fixtures';
import { server } from '../testing/server';
import { ConnectionsPanel } from './ConnectionsPanel';
import { useConnections } from './useConnections';

const daemon = createDaemonClient();

function Panel({ onOpen }: { onOpen: (c: DaemonConnectionJson) => void }) {
  return <ConnectionsPanel connections={useConnections(daemon)} onOpen={onOpen} />;
}

const orders = connection();
const cache = connection({
  id: 'conn-2',
  database: 'cache',
  protocol: 'redis',
  dbUser: 'default',
  dbName: undefined,
  port: 6390,
  connected: false,
});

function renderPanel() {
  const onOpen = jest.fn();
  server.use(http.get('/v1/daemon/connections', () => HttpResponse.json([orders, cache])));
  render(
    <ThemeProvider>
      <Panel onOpen={onOpen} />
    </ThemeProvider>,
  );
  return onOpen;
}

const row = (name: string) => screen.getByRole('listitem', { name });

test('lists each connection with its local port and whether it is up', async () => {
  renderPanel();
  const ordersRow = await screen.findByRole('listitem', { name: 'orders as postgres (test)' });
  expect(within(ordersRow).getByText('Connected')).toBeInTheDocument();
  expect(within(ordersRow).getByText('127.0.0.1:54321')).toBeInTheDocument();
  expect(within(row('cache as default')).getByText('Disconnected')).toBeInTheDocument();
});

test('disconnect and connect go to the daemon and show its answer; a refusal shows why', async () => {
  const user = userEvent.setup();
  server.use(
    http.post('/v1/daemon/connections/conn-1/disconnect', () =>
      HttpResponse.json({ ...orders, connected: false }),
    ),
    http.post('/v1/daemon/connections/conn-2/connect', () =>
      HttpResponse.json({ error: { message: 'port 6390 is in use' } }, { status: 409 }),
    ),
  );
  renderPanel();
  await user.click(await screen.findByRole('button', { name: 'Disconnect orders as postgres (test)' }));
  expect(await within(row('orders as postgres (test)')).findByText('Disconnected')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Connect cache as default' }));
  expect(await screen.findByText('port 6390 is in use')).toBeInTheDocument();
  expect(within(row('cache as default')).getByText('Disconnected')).toBeInTheDocument();
});

test('remove forgets the connection; its name opens its tab', async () => {
  const user = userEvent.setup();
  const removed: string[] = [];
  server.use(
    http.delete('/v1/daemon/connections/:id', ({ params }) => {
      removed.push(String(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const onOpen = renderPanel();
  await user.click(await screen.findByRole('button', { name: 'orders as postgres (test)' }));
  expect(onOpen).toHaveBeenCalledWith(orders);

  await user.click(screen.getByRole('button', { name: 'Remove cache as default' }));
  expect(await screen.findByRole('listitem')).toHaveAccessibleName('orders as postgres (test)');
  expect(screen.getAllByRole('listitem')).toHaveLength(1);
  expect(removed).toEqual(['conn-2']);
});
