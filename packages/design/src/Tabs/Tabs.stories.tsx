import type { Meta, StoryObj } from '@storybook/react-vite';
import { Text } from '../Text';
import { Tabs } from './Tabs';

const tabs = [
  { id: 'overview', title: 'Overview', content: <Text>Hostname, address and labels.</Text> },
  { id: 'sessions', title: 'Sessions', content: <Text>Active sessions on this server.</Text> },
  { id: 'audit', title: 'Audit', content: <Text>Events for this server.</Text>, disabled: true },
];

const meta = { title: 'Design/Tabs', component: Tabs, args: { label: 'Server', tabs } } satisfies Meta<
  typeof Tabs
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const SecondSelected: Story = { args: { defaultActiveId: 'sessions' } };
