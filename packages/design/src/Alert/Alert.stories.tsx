import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '../Box';
import { Button } from '../Button';
import { Alert } from './Alert';

const meta = {
  title: 'Design/Alert',
  component: Alert,
  args: { kind: 'danger', children: 'Could not reach the cluster' },
} satisfies Meta<typeof Alert>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Kinds: Story = {
  render: () => (
    <Box>
      <Alert kind="danger">Danger: the certificate has expired</Alert>
      <Alert kind="warning">Warning: the agent is out of date</Alert>
      <Alert kind="info">Info: maintenance on Sunday</Alert>
      <Alert kind="success">Success: the role was saved</Alert>
    </Box>
  ),
};
export const WithDetails: Story = {
  args: { kind: 'warning', details: 'Version 15 is behind the proxy (16).' },
};
export const WithAction: Story = {
  args: {
    kind: 'info',
    action: (
      <Button size="small" kind="border">
        Upgrade
      </Button>
    ),
    onDismiss: () => {},
  },
};
