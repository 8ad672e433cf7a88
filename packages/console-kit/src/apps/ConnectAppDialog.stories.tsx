import type { Meta, StoryObj } from '@storybook/react-vite';
import { makeApp } from '@portcullis/shared';
import { ConnectAppDialog } from './ConnectAppDialog';

const meta = {
  title: 'Applications/ConnectAppDialog',
  component: ConnectAppDialog,
  parameters: { layout: 'fullscreen' },
  args: {
    app: makeApp({ name: 'orders-db', uri: 'tcp://10.0.2.5:5432', publicAddr: 'orders-db.example.com', clusterId: 'main', fqdn: 'orders-db.example.com' }),
    onClose: () => {},
  },
} satisfies Meta<typeof ConnectAppDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** How to reach a TCP app: the command that proxies it to a local port. */
export const Default: Story = {};
