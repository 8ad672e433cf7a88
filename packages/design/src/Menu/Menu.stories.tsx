import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '../Box';
import { Icons } from '../Icon';
import { Menu } from './Menu';

const items = [
  { label: 'Account Settings', to: '#account', icon: Icons.User },
  { label: 'Help & Support', to: '#help', icon: Icons.Question },
  { label: 'Disabled item', onSelect: () => {}, disabled: true },
  { label: 'Logout', onSelect: () => {}, icon: Icons.SignOut, danger: true },
];

const meta = {
  title: 'Design/Menu',
  component: Menu,
  args: { label: 'alice', items },
  render: (args) => (
    <Box height={280}>
      <Menu {...args} />
    </Box>
  ),
} satisfies Meta<typeof Menu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Open: Story = { args: { defaultOpen: true } };
export const IconTrigger: Story = { args: { label: 'Row actions', icon: Icons.MoreVert, defaultOpen: true } };
export const PrimaryTrigger: Story = { args: { label: 'Add resource', kind: 'primary' } };
