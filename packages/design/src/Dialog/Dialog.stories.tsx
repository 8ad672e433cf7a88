import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../Button';
import { Input } from '../Input';
import { Text } from '../Text';
import { Dialog } from './Dialog';

const meta = {
  title: 'Design/Dialog',
  component: Dialog,
  parameters: { layout: 'fullscreen' },
  args: {
    open: true,
    onClose: () => {},
    title: 'Delete user',
    children: <Text>Delete user alice? Their sessions end at once. This cannot be undone.</Text>,
    actions: (
      <>
        <Button kind="warning">Delete</Button>
        <Button kind="secondary">Cancel</Button>
      </>
    ),
  },
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithForm: Story = {
  args: {
    title: 'Rename',
    children: <Input aria-label="New name" defaultValue="web-1" />,
    actions: <Button>Save</Button>,
  },
};

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button m={4} onClick={() => setOpen(true)}>
        Open dialog
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Reset link"
        actions={<Button onClick={() => setOpen(false)}>Done</Button>}
      >
        <Text>Escape, the close button or a click outside closes it.</Text>
      </Dialog>
    </>
  );
}
export const Closed: Story = { render: () => <Opener /> };
