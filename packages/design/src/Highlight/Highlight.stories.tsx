import type { Meta, StoryObj } from '@storybook/react-vite';
import { Highlight } from './Highlight';

const meta = {
  title: 'Design/Highlight',
  component: Highlight,
  args: { text: 'root@web-1:~# sudo systemctl restart nginx', match: 'systemctl' },
} satisfies Meta<typeof Highlight>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Playground: Story = { args: { text: 'Type to see what is marked', match: 'mark' } };
export const ManyMatches: Story = { args: { text: 'ls; LS -la; ls /tmp', match: 'ls' } };
export const NoMatch: Story = { args: { match: 'kubectl' } };
