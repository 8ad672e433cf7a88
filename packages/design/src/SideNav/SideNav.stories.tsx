import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '../Box';
import { Icons } from '../Icon';
import { SideNav } from './SideNav';

const groups = [
  { category: 'Resources', items: [{ title: 'Resources', to: '#/resources', icon: Icons.Servers }] },
  {
    category: 'Management',
    section: 'Access',
    items: [
      { title: 'Users', to: '#/users', icon: Icons.Users },
      { title: 'Roles', to: '#/roles', icon: Icons.ShieldCheck },
    ],
  },
  {
    category: 'Management',
    section: 'Activity',
    items: [
      { title: 'Session Recordings', to: '#/recordings', icon: Icons.Play },
      { title: 'Audit Log', to: '#/audit', icon: Icons.Audit },
    ],
  },
  { category: 'Assist', items: [{ title: 'Help', to: '#/help', icon: Icons.Question }] },
];

const meta = {
  title: 'Design/SideNav',
  component: SideNav,
  parameters: { layout: 'fullscreen' },
  args: { groups, activePath: '#/users' },
  render: (args) => (
    <Box height="100vh">
      <SideNav {...args} />
    </Box>
  ),
} satisfies Meta<typeof SideNav>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const NothingActive: Story = { args: { activePath: undefined } };
