import type { AppJson } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent, within } from 'storybook/test';
import { adminContext, showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import ApplicationsPage from './ApplicationsPage';

const meta: Meta = { title: 'Console/Applications' };
export default meta;

const apps: AppJson[] = [
  {
    name: 'grafana',
    description: 'Dashboards',
    uri: 'http://10.0.2.1:3000',
    publicAddr: 'grafana.example.com',
    labels: [
      { name: 'env', value: 'prod' },
      { name: 'team', value: 'ops' },
    ],
    clusterId: 'localhost',
    fqdn: 'grafana.example.com',
  },
  {
    name: 'orders-db',
    description: 'Orders database (PostgreSQL)',
    uri: 'tcp://10.0.2.5:5432',
    publicAddr: 'orders-db.example.com',
    labels: [{ name: 'env', value: 'prod' }],
    clusterId: 'localhost',
    fqdn: 'orders-db.example.com',
  },
  { name: 'wiki', uri: 'http://10.0.2.9:8080', publicAddr: 'wiki.example.com', clusterId: 'localhost', fqdn: 'wiki.example.com' },
];

const withApps = (items: AppJson[], shows: string): StoryObj => {
  const backend = {
    answers: { ...adminContext, 'GET /v1/webapi/sites/localhost/apps': { items, startKey: '', totalCount: items.length } },
  };
  return {
    play: showsText(shows),
    loaders: [async () => ({ store: await storyStore(backend) })],
    render: (_args, { loaded }) => (
      <StoryConsole store={loaded.store} route="/web/cluster/:clusterId/apps" path="/web/cluster/localhost/apps">
        <ApplicationsPage />
      </StoryConsole>
    ),
  };
};

export const List = withApps(apps, 'grafana');

export const Empty = withApps([], 'No Applications Found');

/** Connect on a TCP app: the command that proxies it to a local port. */
export const ConnectTcpApp: StoryObj = {
  ...withApps(apps, 'orders-db'),
  play: async ({ canvasElement }) => {
    const row = (await within(canvasElement).findByText('orders-db', {}, { timeout: 5000 })).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Connect' }));
    await screen.findByRole('dialog', { name: 'Connect to orders-db' });
  },
};
