import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '../Box';
import { Flex } from './Flex';

const meta = { title: 'Design/Flex', component: Flex } satisfies Meta<typeof Flex>;
export default meta;
type Story = StoryObj<typeof meta>;

const items = ['one', 'two', 'three'].map((name) => (
  <Box key={name} p={3} bg="levels.surface" borderRadius={2}>
    {name}
  </Box>
));

export const Row: Story = { args: { gap: 3, children: items } };
export const Column: Story = { args: { gap: 2, flexDirection: 'column', children: items } };
export const SpaceBetween: Story = { args: { justifyContent: 'space-between', children: items } };
