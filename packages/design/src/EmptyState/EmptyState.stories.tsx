import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button';
import { Icons } from '../Icon';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'Design/EmptyState',
  component: EmptyState,
  args: { title: 'No servers yet' },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithAction: Story = {
  args: {
    icon: Icons.Servers,
    description: 'Connect your first server to start using Portcullis.',
    action: <Button>Add server</Button>,
  },
};
