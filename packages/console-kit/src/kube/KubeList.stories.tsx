import { type KubeJson, makeKube } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { KubeList } from './KubeList';
import type { FetchKubes } from './kubeService';

/** Twenty clusters served 15 at a time with keyset cursors, as the gateway would; every third grants two Kubernetes users. */
const kubes: KubeJson[] = Array.from({ length: 20 }, (_, i) => ({
  name: `kube-${String(i + 1).padStart(2, '0')}`,
  labels: [
    { name: 'env', value: i % 2 ? 'prod' : 'staging' },
    { name: 'region', value: i % 4 < 2 ? 'eu-west-1' : 'us-east-1' },
  ],
  kubernetes_users: i % 3 ? ['alice'] : ['alice', 'viewer'],
  kubernetes_groups: i % 2 ? ['system:masters'] : ['developers', 'system:authenticated'],
}));
const servePages: FetchKubes = async ({ startKey, limit = 15, search }) => {
  const matching = kubes.filter((k) => !search || k.name.includes(search));
  const from = Number(startKey ?? 0);
  const next = from + limit;
  return {
    kubes: matching.slice(from, next).map(makeKube),
    startKey: next < matching.length ? String(next) : '',
    totalCount: matching.length,
  };
};

const meta = {
  title: 'Kubernetes/KubeList',
  component: KubeList,
  args: {
    clusterId: 'main',
    fetchKubes: servePages,
    proxy: 'https://gateway.example.com',
    username: 'alice',
  },
} satisfies Meta<typeof KubeList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Empty: Story = {
  args: { fetchKubes: async () => ({ kubes: [], startKey: '', totalCount: 0 }) },
};

export const Failed: Story = {
  args: {
    fetchKubes: async () => {
      throw new Error('access denied to kube_cluster in cluster main');
    },
  },
};
