import type { Meta, StoryObj } from '@storybook/react-vite';
import { CopyButton } from '../CopyButton';
import { Facts } from './Facts';

const sid = '4f8e2c1a-9b7d-4e61-a3c5-0d2f6b8e1a97';

const meta = {
  title: 'Design/Facts',
  component: Facts,
  args: {
    label: 'Session',
    facts: [
      { term: 'Node', value: 'web-1' },
      { term: 'Login', value: 'root' },
    ],
  },
} satisfies Meta<typeof Facts>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = { args: { facts: [{ term: 'Parties', value: 'alice, bob' }] } };
/** A value can carry its own action, here copying the whole id. */
export const WithAction: Story = {
  args: {
    facts: [
      {
        term: 'Session ID',
        value: (
          <>
            {sid}
            <CopyButton value={sid} label="Copy session ID" />
          </>
        ),
      },
      { term: 'Parties', value: 'alice, bob' },
    ],
  },
};
