import type { DatabaseJson } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent, within } from 'storybook/test';
import { adminContext, showsText, StoryConsole, storyStore } from '../../stories/storyGateway';
import DatabasesPage from './DatabasesPage';

const meta: Meta = { title: 'Console/Databases' };
export default meta;

const contextPath = 'GET /v1/webapi/sites/localhost/context';
const every = { list: true, read: true, edit: true, create: true, remove: true };
/** The admin of the other stories, who may also list and enrol databases. */
const context = adminContext[contextPath];
const dbAdmin = {
  ...adminContext,
  [contextPath]: { ...context, userAcl: { ...context.userAcl, db: every, dbServers: every } },
};

const databases: DatabaseJson[] = [
  {
    name: 'orders',
    desc: 'Orders and invoices',
    type: 'self-hosted',
    protocol: 'postgres',
    labels: [
      { name: 'env', value: 'prod' },
      { name: 'team', value: 'shop' },
    ],
    database_users: ['alice', 'reporting'],
    database_names: ['sales', '*'],
    hostname: 'db-1.internal',
  },
  {
    name: 'legacy',
    desc: 'The old shop',
    type: 'rds',
    protocol: 'mysql',
    labels: [{ name: 'env', value: 'prod' }],
    database_users: ['app'],
    database_names: ['shop'],
    hostname: 'legacy.rds.internal',
  },
  {
    name: 'cache',
    type: 'self-hosted',
    protocol: 'redis',
    database_users: ['*'],
    hostname: 'cache.internal',
  },
];

const withDatabases = (items: DatabaseJson[], shows: string): StoryObj => {
  const backend = {
    answers: {
      ...dbAdmin,
      'GET /v1/webapi/sites/localhost/databases': { items, startKey: '', totalCount: items.length },
    },
  };
  return {
    play: showsText(shows),
    loaders: [async () => ({ store: await storyStore(backend) })],
    render: (_args, { loaded }) => (
      <StoryConsole
        store={loaded.store}
        route="/web/cluster/:clusterId/databases"
        path="/web/cluster/localhost/databases"
      >
        <DatabasesPage />
      </StoryConsole>
    ),
  };
};

export const List = withDatabases(databases, 'orders');

export const Empty = withDatabases([], 'No Databases Found');

/** Connect on a PostgreSQL database: the user and name, the command lines and the query console. */
export const Connect: StoryObj = {
  ...withDatabases(databases, 'orders'),
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: 'Connect to orders' }, { timeout: 5000 }),
    );
    await screen.findByRole('dialog', { name: 'Connect to orders' });
  },
};

/** Enrol database: the form. */
export const Enrol: StoryObj = {
  ...withDatabases(databases, 'orders'),
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: 'Enrol database' }, { timeout: 5000 }),
    );
    await screen.findByRole('dialog', { name: 'Enrol database' });
  },
};
