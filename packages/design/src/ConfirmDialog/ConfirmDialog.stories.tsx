import type { Meta, StoryObj } from '@storybook/react-vite';
import { Text } from '../Text';
import { ConfirmDialog } from './ConfirmDialog';

const meta = {
  title: 'Design/ConfirmDialog',
  component: ConfirmDialog,
  parameters: { layout: 'fullscreen' },
  args: {
    open: true,
    title: 'Delete user',
    confirmText: 'Delete user',
    onConfirm: () => {},
    onCancel: () => {},
    children: <Text>Delete alice? Their sessions end at once.</Text>,
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Busy: Story = { args: { busy: true } };
export const WithError: Story = { args: { error: 'You are not allowed to delete users' } };
export const Primary: Story = {
  args: { kind: 'primary', title: 'Reset password', confirmText: 'Create reset link' },
};
