import type { TerminalStatus } from '@portcullis/console-kit';
import { Indicator, Label, TabBar } from '@portcullis/design';
import type { ReactNode } from 'react';
import { type ConsoleTab, tabTitle } from './consoleTabs';

export interface ConsoleTabBarProps {
  tabs: ConsoleTab[];
  activeId?: string;
  onSelect: (tab: ConsoleTab) => void;
  onClose: (tab: ConsoleTab) => void;
  onAdd: () => void;
}

const statusMark: Record<TerminalStatus, ReactNode> = {
  connecting: <Indicator size="small" delay="none" label="Connecting" />,
  connected: null,
  closed: (
    <Label kind="warning" mr={1}>
      Ended
    </Label>
  ),
};

/** The console's open sessions as closable tabs, with how each one is doing, and a way to open another. */
export function ConsoleTabBar({ tabs, activeId, onSelect, onClose, onAdd }: ConsoleTabBarProps) {
  const byId = (id: string) => tabs.find((t) => t.id === id)!;
  return (
    <TabBar
      label="Terminal sessions"
      tabs={tabs.map((tab) => ({ id: tab.id, title: tabTitle(tab), status: statusMark[tab.status] }))}
      activeId={activeId}
      onSelect={(id) => onSelect(byId(id))}
      onClose={(id) => onClose(byId(id))}
      onAdd={onAdd}
    />
  );
}
