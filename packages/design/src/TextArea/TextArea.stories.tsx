import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextArea } from './TextArea';

const meta = {
  title: 'Design/TextArea',
  component: TextArea,
  args: { 'aria-label': 'Reason', placeholder: 'Why do you need access?' },
} satisfies Meta<typeof TextArea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Mono: Story = { args: { mono: true, defaultValue: 'ssh-ed25519 AAAAC3Nza... alice@laptop' } };
export const Error: Story = { args: { hasError: true } };
export const Disabled: Story = { args: { disabled: true, defaultValue: 'Read only' } };
