import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Flex } from '../Flex';
import { Toggle } from './Toggle';

const meta = {
  title: 'Design/Toggle',
  component: Toggle,
  args: { checked: false, label: 'Record sessions', onChange: () => {} },
} satisfies Meta<typeof Toggle>;
export default meta;
type Story = StoryObj<typeof meta>;

function Live() {
  const [on, setOn] = useState(true);
  return <Toggle checked={on} onChange={setOn} label="Record sessions" />;
}

export const Default: Story = { render: () => <Live /> };
export const States: Story = {
  render: () => (
    <Flex flexDirection="column" gap={2}>
      <Toggle checked={false} onChange={() => {}} label="Off" />
      <Toggle checked onChange={() => {}} label="On" />
      <Toggle checked={false} disabled onChange={() => {}} label="Disabled" />
      <Toggle checked disabled onChange={() => {}} label="Disabled and on" />
    </Flex>
  ),
};
