import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Indicator } from '../Indicator';
import { TabBar, type TabBarTab } from './TabBar';

const tabs: TabBarTab[] = [
  { id: 'a', title: 'root@web-1' },
  { id: 'b', title: 'alice@db-1', status: <Indicator delay="none" size="small" label="Connecting" /> },
  { id: 'c', title: 'bob@cache' },
];

function Live({ initial }: { initial: TabBarTab[] }) {
  const [all, setAll] = useState(initial);
  const [active, setActive] = useState(initial[0]?.id);
  return (
    <TabBar
      label="Sessions"
      tabs={all}
      activeId={active}
      onSelect={setActive}
      onClose={(id) => setAll((t) => t.filter((x) => x.id !== id))}
      onAdd={() => setAll((t) => [...t, { id: String(t.length + 10), title: 'new session' }])}
    />
  );
}

const meta = {
  title: 'Design/TabBar',
  component: TabBar,
  parameters: { layout: 'fullscreen' },
  args: { tabs, activeId: 'a', onSelect: () => {}, onClose: () => {}, label: 'Sessions' },
  render: (args) => <Live initial={args.tabs} />,
} satisfies Meta<typeof TabBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const SingleTab: Story = { args: { tabs: [{ id: 'a', title: 'root@web-1' }] } };
