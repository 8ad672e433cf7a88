import type { Meta, StoryObj } from '@storybook/react-vite';
import { CopyButton } from './CopyButton';

const meta = {
  title: 'Design/CopyButton',
  component: CopyButton,
  args: { value: 'https://portcullis.example.com/web/invite/abc', label: 'Copy invite link' },
} satisfies Meta<typeof CopyButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
