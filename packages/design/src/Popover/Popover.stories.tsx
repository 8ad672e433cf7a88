import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '../Box';
import { Button } from '../Button';
import { Text } from '../Text';
import { Popover } from './Popover';

const meta = {
  title: 'Design/Popover',
  component: Popover,
  args: {
    label: 'Cluster details',
    content: (
      <Box p={3} width={260}>
        <Text>Popovers keep 16 px from the viewport edges and flip when there is no room.</Text>
      </Box>
    ),
    children: (trigger) => <Button {...trigger}>Details</Button>,
  },
} satisfies Meta<typeof Popover>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Open: Story = { args: { open: true } };
export const OpenAbove: Story = {
  args: { open: true, placement: 'top' },
  render: (args) => (
    <Box pt={11}>
      <Popover {...args} />
    </Box>
  ),
};
