import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex } from '../Flex';
import { Input } from './Input';

const meta = {
  title: 'Design/Input',
  component: Input,
  args: { 'aria-label': 'Hostname', placeholder: 'web-1.example.com' },
} satisfies Meta<typeof Input>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Filled: Story = { args: { defaultValue: 'db-1.internal' } };
export const Sizes: Story = {
  render: (args) => (
    <Flex flexDirection="column" gap={3}>
      <Input {...args} size="small" />
      <Input {...args} size="medium" />
      <Input {...args} size="large" />
    </Flex>
  ),
};
export const Error: Story = { args: { hasError: true, defaultValue: 'not a host' } };
export const Disabled: Story = { args: { disabled: true, defaultValue: 'locked' } };
