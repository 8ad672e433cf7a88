import type { Meta, StoryObj } from '@storybook/react-vite';
import { type AppJson, makeApp } from '@portcullis/shared';
import type { FetchApps } from './appsService';
import { AppList } from './AppList';

const appJson = (n: number, extra: Partial<AppJson> = {}): AppJson => {
  const name = `app-${String(n).padStart(2, '0')}`;
  return {
    name,
    description: n % 2 ? 'Internal dashboards' : 'Team wiki',
    uri: `http://10.0.2.${n}:8080`,
    publicAddr: `${name}.example.com`,
    labels: [
      { name: 'env', value: n % 3 ? 'prod' : 'staging' },
      { name: 'team', value: 'ops' },
    ],
    clusterId: 'main',
    fqdn: `${name}.example.com`,
    ...extra,
  };
};

/** Thirty apps served 15 at a time with keyset cursors, as the gateway would; every fifth one is a TCP app. */
const apps = Array.from({ length: 30 }, (_, i) =>
  appJson(i + 1, i % 5 === 4 ? { uri: `tcp://10.0.2.${i + 1}:5432`, description: 'PostgreSQL' } : {}),
);
const servePages: FetchApps = async ({ startKey, limit = 15, search }) => {
  const matching = apps.filter((a) => !search || a.name.includes(search));
  const from = Number(startKey ?? 0);
  const next = from + limit;
  return { apps: matching.slice(from, next).map(makeApp), startKey: next < matching.length ? String(next) : '', totalCount: matching.length };
};

const meta = {
  title: 'Applications/AppList',
  component: AppList,
  args: { clusterId: 'main', fetchApps: servePages },
} satisfies Meta<typeof AppList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Empty: Story = {
  args: { fetchApps: async () => ({ apps: [], startKey: '', totalCount: 0 }) },
};

export const Failed: Story = {
  args: {
    fetchApps: async () => {
      throw new Error('access denied to apps in cluster main');
    },
  },
};
