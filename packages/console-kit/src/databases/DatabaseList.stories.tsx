import type { Meta, StoryObj } from '@storybook/react-vite';
import { type DatabaseJson, makeDatabase } from '@portcullis/shared';
import type { FetchDatabases } from './databasesService';
import { DatabaseList } from './DatabaseList';

const protocols = ['postgres', 'mysql', 'redis'] as const;
const databaseJson = (n: number): DatabaseJson => {
  const protocol = protocols[n % 3]!;
  return {
    name: `${protocol}-${String(n).padStart(2, '0')}`,
    desc: n % 2 ? 'Orders and invoices' : 'Session cache',
    type: n % 4 ? 'self-hosted' : 'rds',
    protocol,
    labels: [
      { name: 'env', value: n % 3 ? 'prod' : 'staging' },
      { name: 'team', value: 'shop' },
    ],
    database_users: ['alice', 'reporting'],
    database_names: protocol === 'redis' ? [] : ['sales', '*'],
    hostname: `db-${n}.internal`,
  };
};

/** Twenty databases served 15 at a time with keyset cursors, as the gateway would. */
const databases = Array.from({ length: 20 }, (_, i) => databaseJson(i + 1));
const servePages: FetchDatabases = async ({ startKey, limit = 15, search }) => {
  const matching = databases.filter((d) => !search || d.name.includes(search));
  const from = Number(startKey ?? 0);
  const next = from + limit;
  return {
    databases: matching.slice(from, next).map(makeDatabase),
    startKey: next < matching.length ? String(next) : '',
    totalCount: matching.length,
  };
};

const meta = {
  title: 'Databases/DatabaseList',
  component: DatabaseList,
  args: { clusterId: 'main', fetchDatabases: servePages, onOpenConsole: () => {} },
} satisfies Meta<typeof DatabaseList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Empty: Story = {
  args: { fetchDatabases: async () => ({ databases: [], startKey: '', totalCount: 0 }) },
};

export const Failed: Story = {
  args: {
    fetchDatabases: async () => {
      throw new Error('access denied to databases in cluster main');
    },
  },
};
