import { makeKube } from '@portcullis/shared';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConnectKubeDialog } from './ConnectKubeDialog';

const staging = makeKube({
  name: 'staging',
  labels: [{ name: 'env', value: 'staging' }],
  kubernetes_users: ['alice'],
  kubernetes_groups: ['developers'],
});

const meta = {
  title: 'Kubernetes/ConnectKubeDialog',
  component: ConnectKubeDialog,
  parameters: { layout: 'fullscreen' },
  args: {
    clusterId: 'main',
    kube: staging,
    proxy: 'https://gateway.example.com',
    username: 'alice',
    onClose: () => {},
  },
} satisfies Meta<typeof ConnectKubeDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The kubectl command lines, and the pod form with its defaults: the default namespace and /bin/sh. */
export const Default: Story = {};

/** The roles grant several Kubernetes users: the terminal opens as the one picked. */
export const SeveralUsers: Story = {
  args: {
    kube: makeKube({
      name: 'production',
      kubernetes_users: ['alice', 'viewer', 'deployer'],
      kubernetes_groups: ['system:masters'],
    }),
  },
};
