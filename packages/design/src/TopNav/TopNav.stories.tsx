import type { Meta, StoryObj } from '@storybook/react-vite';
import { Icons } from '../Icon';
import { Menu } from '../Menu';
import { ProductMark } from '../ProductMark';
import { Text } from '../Text';
import { ThemeToggle } from './ThemeToggle';
import { TopNav } from './TopNav';

const meta = {
  title: 'Design/TopNav',
  component: TopNav,
  parameters: { layout: 'fullscreen' },
  args: {
    brand: <ProductMark />,
    children: <Text muted>cluster: one.example.com</Text>,
    actions: (
      <>
        <ThemeToggle />
        <Menu
          label="alice"
          kind="text"
          items={[{ label: 'Account Settings', to: '#account', icon: Icons.User }]}
        />
      </>
    ),
  },
} satisfies Meta<typeof TopNav>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const BrandOnly: Story = { args: { children: undefined, actions: undefined } };
