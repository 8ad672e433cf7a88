import type { Meta, StoryObj } from '@storybook/react-vite';
import { Facts } from '../Facts';
import { PageHeader } from './PageHeader';

const meta = {
  title: 'Design/PageHeader',
  component: PageHeader,
  parameters: { layout: 'fullscreen' },
  args: {
    title: 'root@web-01',
    back: { title: 'Servers', to: '#servers' },
    actions: 'main',
  },
} satisfies Meta<typeof PageHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = { args: { title: 'deploy@build-runner-07', actions: undefined } };
/** Above the session player. */
export const Player: Story = {
  args: { title: 'Recording of session 9a4c1e2f', back: { title: 'Session Recordings', to: '#recordings' } },
};
/** A title longer than the room it has ends in an ellipsis instead of pushing the way back aside. */
export const LongTitle: Story = {
  args: { title: `ubuntu@${'very-long-hostname-'.repeat(8)}example.com` },
};
/** A terminal's header: the session's id and parties under the title. */
export const WithDetails: Story = {
  args: {
    details: (
      <Facts
        label="Session"
        facts={[
          { term: 'Session ID', value: '4f8e2c1a' },
          { term: 'Parties', value: 'alice, bob' },
        ]}
      />
    ),
  },
};
