import { Button, ButtonIcon, Flex, Icons } from '@portcullis/design';
import { type ConsoleTab, tabTitle } from './consoleTabs';

export interface ConsoleTabBarProps {
  tabs: ConsoleTab[];
  activeId?: string;
  onSelect: (tab: ConsoleTab) => void;
  onClose: (tab: ConsoleTab) => void;
  onAdd: () => void;
}

const statusText = { connecting: ' (connecting)', connected: '', closed: ' (ended)' } as const;

/** The console's open sessions, one tab each, and a way to open another. */
export function ConsoleTabBar({ tabs, activeId, onSelect, onClose, onAdd }: ConsoleTabBarProps) {
  return (
    <Flex alignItems="center" px={2} py={1} bg="levels.surface" borderBottom="1px solid" borderColor="border">
      <Flex role="tablist" aria-label="Terminal sessions" alignItems="center" flexWrap="wrap">
        {tabs.map((tab) => {
          const title = tabTitle(tab);
          return (
            <Flex key={tab.id} alignItems="center" mr={1}>
              <Button
                role="tab"
                aria-selected={tab.id === activeId}
                kind={tab.id === activeId ? 'secondary' : 'text'}
                size="small"
                onClick={() => onSelect(tab)}
              >
                {title}
                {statusText[tab.status]}
              </Button>
              <ButtonIcon icon={Icons.Close} size="small" aria-label={`Close ${title}`} onClick={() => onClose(tab)} />
            </Flex>
          );
        })}
      </Flex>
      <ButtonIcon icon={Icons.Add} size="small" aria-label="Open a new session" onClick={onAdd} />
    </Flex>
  );
}
