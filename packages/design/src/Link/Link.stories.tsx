import type { Meta, StoryObj } from '@storybook/react-vite';
import { Text } from '../Text';
import { Link } from './Link';

const meta = {
  title: 'Design/Link',
  component: Link,
  args: { href: '#docs', children: 'Read the docs' },
} satisfies Meta<typeof Link>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const InText: Story = {
  render: (args) => (
    <Text>
      Servers join with a token. <Link {...args} /> to learn how.
    </Text>
  ),
};
