import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button';
import { Flex } from '../Flex';
import { Toast } from './Toast';
import { ToastProvider, useToasts } from './ToastProvider';

const meta = {
  title: 'Design/Toast',
  component: Toast,
  args: { kind: 'success', title: 'Role saved' },
} satisfies Meta<typeof Toast>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Kinds: Story = {
  render: () => (
    <Flex flexDirection="column" gap={2}>
      <Toast kind="success" title="Role saved" onClose={() => {}} />
      <Toast
        kind="info"
        title="New version available"
        description="Reload to update the console."
        onClose={() => {}}
      />
      <Toast kind="warning" title="Session ends in 5 minutes" onClose={() => {}} />
      <Toast
        kind="danger"
        title="Upload failed"
        description="The connection was closed."
        onClose={() => {}}
      />
    </Flex>
  ),
};

function Trigger() {
  const { add } = useToasts();
  return <Button onClick={() => add({ kind: 'info', title: 'Copied to clipboard' })}>Notify</Button>;
}
export const WithProvider: Story = {
  render: () => (
    <ToastProvider>
      <Trigger />
    </ToastProvider>
  ),
};
