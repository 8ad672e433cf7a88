import { type DesktopJson, makeDesktop } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { DesktopList } from './DesktopList';
import type { FetchDesktops } from './desktopsService';

/** Twenty desktops served 15 at a time with keyset cursors, as the gateway would; every fourth one allows no login. */
const desktops: DesktopJson[] = Array.from({ length: 20 }, (_, i) => ({
  os: i % 3 ? 'windows' : 'linux',
  name: `desktop-${String(i + 1).padStart(2, '0')}`,
  addr: `10.0.3.${i + 1}:${i % 3 ? 3389 : 5900}`,
  host_id: 'agent-1',
  labels: [{ name: 'env', value: i % 2 ? 'prod' : 'staging' }],
  logins: i % 4 === 3 ? [] : ['Administrator', 'alice'],
}));
const servePages: FetchDesktops = async ({ startKey, limit = 15, search }) => {
  const matching = desktops.filter((d) => !search || d.name.includes(search));
  const from = Number(startKey ?? 0);
  const next = from + limit;
  return {
    desktops: matching.slice(from, next).map(makeDesktop),
    startKey: next < matching.length ? String(next) : '',
    totalCount: matching.length,
  };
};

const meta = {
  title: 'Desktops/DesktopList',
  component: DesktopList,
  args: { clusterId: 'main', fetchDesktops: servePages },
} satisfies Meta<typeof DesktopList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Empty: Story = {
  args: { fetchDesktops: async () => ({ desktops: [], startKey: '', totalCount: 0 }) },
};

export const Failed: Story = {
  args: {
    fetchDesktops: async () => {
      throw new Error('access denied to desktops in cluster main');
    },
  },
};
