import type { Meta, StoryObj } from '@storybook/react-vite';
import { makeJoinToken } from '@portcullis/shared';
import { AddServerDialog } from './AddServerDialog';

const meta = {
  title: 'Servers/AddServerDialog',
  component: AddServerDialog,
  parameters: { layout: 'fullscreen' },
  args: {
    onClose: () => {},
    origin: 'https://gateway.example.com',
    createToken: async () => makeJoinToken({ id: '5f0c1a9e2b7d4c3e8f6a1b2c3d4e5f60', expiry: '2026-11-21T05:30:00Z' }),
  },
} satisfies Meta<typeof AddServerDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Refused: Story = {
  args: {
    createToken: async () => {
      throw new Error('access denied: creating join tokens needs the token create permission');
    },
  },
};
