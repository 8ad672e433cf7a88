import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { ButtonIcon } from '../ButtonIcon';
import { Icons } from '../Icon';
import { focusRing } from '../system';

export type TabBarTab = {
  id: string;
  title: string;
  /** e.g. an Indicator while connecting */ status?: ReactNode;
};

export type TabBarProps = {
  tabs: TabBarTab[];
  activeId: string | undefined;
  onSelect: (id: string) => void;
  onClose: (id: string) => void;
  onAdd?: () => void;
  label: string;
};

// Close buttons may not live inside a tab (its children are presentational) nor inside the tablist
// (which may own only tabs), so tabs and close buttons sit in two `display: contents` lists and
// `order` interleaves them on screen.
const Bar = styled.div`
  display: flex;
  align-items: center;
  overflow-x: auto;
  background: ${({ theme }) => theme.colors.levels.sunken};
  border-bottom: ${({ theme }) => theme.borderWidths[1]}px solid ${({ theme }) => theme.colors.border};
  & > [role='tablist'],
  & > .closers {
    display: contents;
  }
`;

const TabButton = styled.button<{ $order: number }>`
  order: ${({ $order }) => $order};
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  height: ${({ theme }) => theme.sizes.buttonHeight.medium}px;
  max-width: ${({ theme }) => theme.sizes.menuMinWidth}px;
  padding: 0 ${({ theme }) => theme.space[1]}px 0 ${({ theme }) => theme.space[3]}px;
  border: none;
  background: transparent;
  color: ${({ theme }) => theme.colors.text.muted};
  font-size: ${({ theme }) => theme.typography.body2.fontSize}px;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  cursor: pointer;
  &[aria-selected='true'] {
    background: ${({ theme }) => theme.colors.levels.surface};
    color: ${({ theme }) => theme.colors.text.main};
  }
  ${focusRing}
`;

const Closer = styled.span<{ $order: number; $active: boolean }>`
  order: ${({ $order }) => $order};
  display: inline-flex;
  align-items: center;
  height: ${({ theme }) => theme.sizes.buttonHeight.medium}px;
  padding-right: ${({ theme }) => theme.space[1]}px;
  border-right: ${({ theme }) => theme.borderWidths[1]}px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme, $active }) => ($active ? theme.colors.levels.surface : 'transparent')};
`;

const Add = styled.span<{ $order: number }>`
  order: ${({ $order }) => $order};
  padding: 0 ${({ theme }) => theme.space[1]}px;
`;

/**
 * A row of closable document tabs (e.g. terminal sessions): Left/Right move and select, Delete closes
 * the focused tab; every tab also has its own "Close <title>" button.
 */
export function TabBar({ tabs, activeId, onSelect, onClose, onAdd, label }: TabBarProps) {
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const moves: Record<string, number | undefined> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const to = moves[e.key];
    if (to !== undefined) {
      e.preventDefault();
      const id = tabs[to]!.id;
      onSelect(id);
      buttons.current.get(id)?.focus();
    } else if (e.key === 'Delete') {
      e.preventDefault();
      onClose(tabs[index]!.id);
    }
  };
  return (
    <Bar>
      <div role="tablist" aria-label={label}>
        {tabs.map((tab, i) => (
          <TabButton
            key={tab.id}
            ref={(node) => {
              buttons.current.set(tab.id, node);
            }}
            $order={i * 2}
            role="tab"
            type="button"
            aria-selected={tab.id === activeId}
            tabIndex={tab.id === activeId || (activeId === undefined && i === 0) ? 0 : -1}
            title={tab.title}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {tab.status}
            {tab.title}
          </TabButton>
        ))}
      </div>
      <div className="closers">
        {tabs.map((tab, i) => (
          <Closer key={tab.id} $order={i * 2 + 1} $active={tab.id === activeId}>
            <ButtonIcon
              icon={Icons.Close}
              size="small"
              aria-label={`Close ${tab.title}`}
              tabIndex={-1}
              onClick={() => onClose(tab.id)}
            />
          </Closer>
        ))}
        {onAdd ? (
          <Add $order={tabs.length * 2}>
            <ButtonIcon icon={Icons.Add} size="small" aria-label="New tab" onClick={onAdd} />
          </Add>
        ) : null}
      </div>
    </Bar>
  );
}
