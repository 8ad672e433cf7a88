import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex } from '../Flex';
import { Text } from '../Text';
import { Icon } from './Icon';
import * as Icons from './icons';

const meta = {
  title: 'Design/Icon',
  component: Icon,
  args: { icon: Icons.Terminal, size: 'small' },
} satisfies Meta<typeof Icon>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** 24, 32 and 48 px (spec §9). */
export const Sizes: Story = {
  render: (args) => (
    <Flex gap={4} alignItems="flex-end">
      <Icon {...args} size="small" />
      <Icon {...args} size="medium" />
      <Icon {...args} size="large" />
    </Flex>
  ),
};

export const Set: Story = {
  render: () => (
    <Flex flexWrap="wrap" gap={3}>
      {Object.entries(Icons).map(([name, glyph]) => (
        <Flex key={name} flexDirection="column" alignItems="center" width={96} gap={1}>
          <Icon icon={glyph} />
          <Text typography="body3">{name}</Text>
        </Flex>
      ))}
    </Flex>
  ),
};
