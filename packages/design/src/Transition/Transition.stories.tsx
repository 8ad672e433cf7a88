import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Box } from '../Box';
import { Button } from '../Button';
import { Card } from '../Card';
import { Text } from '../Text';
import { Fade, Transition } from './Transition';

const meta = {
  title: 'Design/Transition',
  component: Transition,
  args: {
    in: true,
    styles: {
      entering: { transform: 'scale(1)' },
      entered: { transform: 'scale(1)' },
      exiting: { transform: 'scale(0.9)' },
      exited: { transform: 'scale(0.9)' },
    },
    children: (
      <Card>
        <Text>Entered: transitions run through entering, entered, exiting and exited.</Text>
      </Card>
    ),
  },
} satisfies Meta<typeof Transition>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

function Toggle() {
  const [show, setShow] = useState(true);
  return (
    <Box>
      <Button mb={3} onClick={() => setShow((s) => !s)}>
        {show ? 'Hide' : 'Show'}
      </Button>
      <Fade in={show}>
        <Card>
          <Text>Fades in and out.</Text>
        </Card>
      </Fade>
    </Box>
  );
}
export const FadeToggle: Story = { render: () => <Toggle /> };
