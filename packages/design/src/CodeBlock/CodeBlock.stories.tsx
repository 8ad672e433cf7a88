import type { Meta, StoryObj } from '@storybook/react-vite';
import { CodeBlock } from './CodeBlock';

const meta = {
  title: 'Design/CodeBlock',
  component: CodeBlock,
  args: {
    code: 'curl -fsSL https://portcullis.example.com/scripts/abc123/install-node.sh | sudo bash',
    copyLabel: 'Copy command',
  },
} satisfies Meta<typeof CodeBlock>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const MultiLine: Story = { args: { code: 'kind: role\nversion: v7\nmetadata:\n  name: editor' } };
