import type { Meta, StoryObj } from '@storybook/react-vite';
import { makeNode, type NodeJson } from '@portcullis/shared';
import type { FetchNodes } from './nodesService';
import { NodeList } from './NodeList';

const nodeJson = (n: number, extra: Partial<NodeJson> = {}): NodeJson => ({
  id: `node-${n}`,
  siteId: 'main',
  hostname: `web-${String(n).padStart(2, '0')}`,
  addr: `10.0.1.${n}:22`,
  tunnel: false,
  tags: [
    { name: 'env', value: n % 3 ? 'prod' : 'staging' },
    { name: 'region', value: 'eu-west-1' },
  ],
  sshLogins: ['root', 'deploy'],
  ...extra,
});

/** Forty nodes served 15 at a time with keyset cursors, as the gateway would; some reached through a tunnel. */
const fleet = Array.from({ length: 40 }, (_, i) => nodeJson(i + 1, i % 4 === 0 ? { tunnel: true, addr: '' } : {}));
const servePages: FetchNodes = async ({ startKey, limit = 15, search }) => {
  const matching = fleet.filter((n) => !search || n.hostname.includes(search));
  const from = Number(startKey ?? 0);
  const next = from + limit;
  return {
    nodes: matching.slice(from, next).map(makeNode),
    startKey: next < matching.length ? String(next) : '',
    totalCount: matching.length,
  };
};

const meta = {
  title: 'Servers/NodeList',
  component: NodeList,
  args: { clusterId: 'main', onConnect: () => {}, fetchNodes: servePages },
} satisfies Meta<typeof NodeList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const NoLogins: Story = {
  args: { fetchNodes: async () => ({ nodes: [makeNode(nodeJson(1, { sshLogins: [] }))], startKey: '', totalCount: 1 }) },
};

export const Empty: Story = {
  args: { fetchNodes: async () => ({ nodes: [], startKey: '', totalCount: 0 }) },
};

export const Failed: Story = {
  args: {
    fetchNodes: async () => {
      throw new Error('access denied to nodes in cluster main');
    },
  },
};
