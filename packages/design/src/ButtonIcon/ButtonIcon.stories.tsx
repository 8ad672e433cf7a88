import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex } from '../Flex';
import { Icons } from '../Icon';
import { ButtonIcon } from './ButtonIcon';

const meta = {
  title: 'Design/ButtonIcon',
  component: ButtonIcon,
  args: { icon: Icons.Settings, 'aria-label': 'Settings', size: 'medium' },
} satisfies Meta<typeof ButtonIcon>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Sizes: Story = {
  render: (args) => (
    <Flex gap={3} alignItems="center">
      <ButtonIcon {...args} size="small" />
      <ButtonIcon {...args} size="medium" />
      <ButtonIcon {...args} size="large" />
    </Flex>
  ),
};
export const Disabled: Story = { args: { disabled: true } };
