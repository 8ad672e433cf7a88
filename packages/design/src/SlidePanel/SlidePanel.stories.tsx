import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../Button';
import { Text } from '../Text';
import { SlidePanel } from './SlidePanel';

const meta = {
  title: 'Design/SlidePanel',
  component: SlidePanel,
  parameters: { layout: 'fullscreen' },
  args: {
    open: true,
    onClose: () => {},
    title: 'Connect a server',
    children: <Text>Run the install script on the host.</Text>,
  },
} satisfies Meta<typeof SlidePanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Left: Story = { args: { side: 'left', title: 'Filters' } };

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button m={4} onClick={() => setOpen(true)}>
        Open panel
      </Button>
      <SlidePanel open={open} onClose={() => setOpen(false)} title="Details">
        <Text>Slides in over 500 ms.</Text>
      </SlidePanel>
    </>
  );
}
export const Closed: Story = { render: () => <Opener /> };
