import type { Meta, StoryObj } from '@storybook/react-vite';
import { Link } from '../Link';
import { Banner } from './Banner';

const meta = {
  title: 'Design/Banner',
  component: Banner,
  parameters: { layout: 'fullscreen' },
  args: { kind: 'info', children: 'The cluster will be upgraded on Sunday at 02:00 UTC.' },
} satisfies Meta<typeof Banner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Warning: Story = {
  args: {
    kind: 'warning',
    children: 'Your license expires in 7 days.',
    action: <Link href="#renew">Renew</Link>,
  },
};
export const Danger: Story = {
  args: { kind: 'danger', children: 'The auth service is unreachable.', onDismiss: () => {} },
};
