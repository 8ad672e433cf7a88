import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex } from '../Flex';
import { Checkbox } from './Checkbox';

const meta = { title: 'Design/Checkbox', component: Checkbox, args: { label: 'Remember me' } } satisfies Meta<
  typeof Checkbox
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const States: Story = {
  render: () => (
    <Flex flexDirection="column" gap={2}>
      <Checkbox label="Unchecked" />
      <Checkbox label="Checked" defaultChecked />
      <Checkbox label="Disabled" disabled />
      <Checkbox label="Disabled and checked" disabled defaultChecked />
    </Flex>
  ),
};
