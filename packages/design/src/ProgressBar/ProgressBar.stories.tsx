import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex } from '../Flex';
import { ProgressBar } from './ProgressBar';

const meta = {
  title: 'Design/ProgressBar',
  component: ProgressBar,
  args: { value: 0.4, label: 'Uploading backup.tar' },
} satisfies Meta<typeof ProgressBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Kinds: Story = {
  render: () => (
    <Flex flexDirection="column" gap={3}>
      <ProgressBar value={0.1} label="Starting" />
      <ProgressBar value={1} kind="success" label="Done" />
      <ProgressBar value={0.7} kind="danger" label="Failed" />
    </Flex>
  ),
};
