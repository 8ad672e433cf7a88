import type { Meta, StoryObj } from '@storybook/react-vite';
import { Breadcrumbs } from './Breadcrumbs';

const meta = {
  title: 'Design/Breadcrumbs',
  component: Breadcrumbs,
  args: {
    items: [
      { title: 'Resources', to: '#resources' },
      { title: 'Servers', to: '#servers' },
      { title: 'web-1' },
    ],
  },
} satisfies Meta<typeof Breadcrumbs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Single: Story = { args: { items: [{ title: 'Resources' }] } };
