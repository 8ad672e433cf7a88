import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex } from '../Flex';
import { Text } from '../Text';
import { Indicator } from './Indicator';

const meta = { title: 'Design/Indicator', component: Indicator, args: { delay: 'none' } } satisfies Meta<
  typeof Indicator
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Sizes: Story = {
  render: () => (
    <Flex gap={4} alignItems="center">
      <Indicator delay="none" size="small" />
      <Indicator delay="none" size="medium" />
      <Indicator delay="none" size="large" />
    </Flex>
  ),
};

/** Short waits 400 ms and long 600 ms before appearing; timing-dependent, so no screenshot. */
export const Delays: Story = {
  tags: ['no-visual'],
  render: () => (
    <Flex gap={5}>
      {(['none', 'short', 'long'] as const).map((delay) => (
        <Flex key={delay} flexDirection="column" alignItems="center" gap={2}>
          <Indicator delay={delay} />
          <Text>{delay}</Text>
        </Flex>
      ))}
    </Flex>
  ),
};
