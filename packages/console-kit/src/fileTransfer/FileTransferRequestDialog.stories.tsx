import type { Meta, StoryObj } from '@storybook/react-vite';
import { FileTransferRequestDialog } from './FileTransferRequestDialog';

const meta = {
  title: 'FileTransfer/FileTransferRequestDialog',
  component: FileTransferRequestDialog,
  args: {
    request: { type: 'file-transfer-request', requestId: 'r1', requester: 'alice', download: true, location: '/etc/hosts' },
    onDecide: () => {},
    onDismiss: () => {},
  },
} satisfies Meta<typeof FileTransferRequestDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A moderator is asked about the owner's download. */
export const Download: Story = {};

/** An upload names the file and where it goes. */
export const Upload: Story = {
  args: {
    request: { type: 'file-transfer-request', requestId: 'r2', requester: 'alice', download: false, location: '/tmp', filename: 'notes.txt' },
  },
};
