import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing } from '../system';

export type Tab = { id: string; title: ReactNode; content?: ReactNode; disabled?: boolean };

export type TabsProps = {
  tabs: Tab[];
  /** The tab list's accessible name. */
  label: string;
  activeId?: string;
  onChange?: (id: string) => void;
  defaultActiveId?: string;
};

const List = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[1]}px;
  border-bottom: ${({ theme }) => theme.borderWidths[1]}px solid ${({ theme }) => theme.colors.border};
`;

const TabButton = styled.button`
  position: relative;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  border: none;
  background: transparent;
  color: ${({ theme }) => theme.colors.text.muted};
  font-size: ${({ theme }) => theme.typography.subtitle2.fontSize}px;
  font-weight: ${({ theme }) => theme.typography.subtitle2.fontWeight};
  cursor: pointer;
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.text.main};
  }
  &[aria-selected='true']::after {
    content: '';
    position: absolute;
    left: 0;
    right: 0;
    bottom: -${({ theme }) => theme.borderWidths[1]}px;
    height: ${({ theme }) => theme.borderWidths[2]}px;
    background: ${({ theme }) => theme.colors.brand};
  }
  &:hover:not(:disabled) {
    color: ${({ theme }) => theme.colors.text.main};
  }
  &:disabled {
    cursor: not-allowed;
    color: ${({ theme }) => theme.colors.text.disabled};
  }
  ${focusRing}
`;

const Panel = styled.div`
  padding-top: ${({ theme }) => theme.space[3]}px;
  &:focus-visible {
    outline: none;
  }
`;

/**
 * WAI-ARIA tabs with automatic activation: Left/Right (wrapping), Home and End move between enabled
 * tabs and select them; only the selected tab is in the Tab order.
 */
export function Tabs({ tabs, label, activeId, onChange, defaultActiveId }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultActiveId ?? tabs.find((t) => !t.disabled)?.id);
  const current = activeId ?? own;
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const select = (id: string) => {
    setOwn(id);
    onChange?.(id);
    buttons.current.get(id)?.focus();
  };
  const enabled = tabs.filter((t) => !t.disabled);
  const onKeyDown = (e: KeyboardEvent) => {
    const at = enabled.findIndex((t) => t.id === current);
    const step: Record<string, number | undefined> = {
      ArrowRight: (at + 1) % enabled.length,
      ArrowLeft: (at - 1 + enabled.length) % enabled.length,
      Home: 0,
      End: enabled.length - 1,
    };
    const next = step[e.key];
    if (next === undefined) return;
    e.preventDefault();
    select(enabled[next]!.id);
  };
  const selected = tabs.find((t) => t.id === current);
  return (
    <div>
      <List role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <TabButton
            key={tab.id}
            ref={(node) => {
              buttons.current.set(tab.id, node);
            }}
            id={`${baseId}-tab-${tab.id}`}
            role="tab"
            type="button"
            aria-selected={tab.id === current}
            aria-controls={`${baseId}-panel-${tab.id}`}
            tabIndex={tab.id === current ? 0 : -1}
            disabled={tab.disabled}
            onClick={() => select(tab.id)}
          >
            {tab.title}
          </TabButton>
        ))}
      </List>
      {selected?.content !== undefined ? (
        <Panel
          role="tabpanel"
          id={`${baseId}-panel-${selected.id}`}
          aria-labelledby={`${baseId}-tab-${selected.id}`}
          tabIndex={0}
        >
          {selected.content}
        </Panel>
      ) : null}
    </div>
  );
}
