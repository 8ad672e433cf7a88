import {
  FloatingFocusManager,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useListNavigation,
  useRole,
  useTypeahead,
  type Placement,
} from '@floating-ui/react';
import { useRef, useState, type ElementType, type ReactNode } from 'react';
import styled, { useTheme } from 'styled-components';
import { Button, type ButtonKind, type ButtonSize } from '../Button';
import { ButtonIcon } from '../ButtonIcon';
import { Icon, Icons, type IconProps } from '../Icon';
import { FloatingSurface, floatingOptions } from '../Popover/floating';

export type MenuItem = {
  label: string;
  /** Runs when the item is chosen; with `to` as well it runs before the navigation. */
  onSelect?: () => void;
  /** Makes the item a link (through the Menu's linkAs when given). */
  to?: string;
  icon?: IconProps['icon'];
  disabled?: boolean;
  /** Paints the item in the danger colour (delete, revoke…). */
  danger?: boolean;
};

export type MenuProps = {
  /** The trigger's text, or its accessible name when `icon` makes it icon-only. */
  label: string;
  /** The trigger's accessible name when its text alone would be ambiguous (a "Join" on every row). */
  accessibleName?: string;
  items: MenuItem[];
  icon?: IconProps['icon'];
  kind?: ButtonKind;
  size?: ButtonSize;
  placement?: Placement;
  /** Start open, e.g. in a story. */
  defaultOpen?: boolean;
  /** The link component for items with `to`, e.g. a router's Link; it receives `to`. Plain anchors get `href`. */
  linkAs?: ElementType;
};

const List = styled(FloatingSurface)`
  min-width: ${({ theme }) => theme.sizes.menuMinWidth}px;
  padding: ${({ theme }) => theme.space[1]}px 0;
`;

const Item = styled.button<{ $danger?: boolean }>`
  display: flex;
  box-sizing: border-box;
  text-decoration: none;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  width: 100%;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  border: none;
  background: transparent;
  color: ${({ theme, $danger }) => ($danger ? theme.colors.danger.text : theme.colors.text.main)};
  font-size: ${({ theme }) => theme.typography.body2.fontSize}px;
  text-align: left;
  cursor: pointer;
  &:focus,
  &:hover:not(:disabled) {
    outline: none;
    background: ${({ theme }) => theme.colors.hover};
  }
  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    color: ${({ theme }) => theme.colors.text.disabled};
  }
`;

/**
 * A button that opens a list of actions. Arrow keys, Home and End move through the items (skipping
 * disabled ones), typing jumps to a label, Enter or Space runs one, Escape closes and returns focus.
 */
export function Menu({
  label,
  accessibleName,
  items,
  icon,
  kind = 'border',
  size = 'medium',
  placement = 'bottom-start',
  defaultOpen = false,
  linkAs,
}: MenuProps) {
  const theme = useTheme();
  const [open, setOpen] = useState(defaultOpen);
  const [active, setActive] = useState<number | null>(null);
  const elements = useRef<(HTMLElement | null)[]>([]);
  const labels = useRef(items.map((i) => i.label));
  labels.current = items.map((i) => i.label);
  const { refs, floatingStyles, context } = useFloating({
    ...floatingOptions(theme, placement),
    open,
    onOpenChange: setOpen,
  });
  const disabledIndices = items.flatMap((item, i) => (item.disabled ? [i] : []));
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role: 'menu' }),
    useListNavigation(context, {
      listRef: elements,
      activeIndex: active,
      onNavigate: setActive,
      loop: true,
      disabledIndices,
    }),
    useTypeahead(context, { listRef: labels, activeIndex: active, onMatch: (i) => open && setActive(i) }),
  ]);
  const trigger: ReactNode = icon ? (
    <ButtonIcon ref={refs.setReference} icon={icon} aria-label={label} {...getReferenceProps()} />
  ) : (
    <Button ref={refs.setReference} kind={kind} size={size} aria-label={accessibleName} {...getReferenceProps()}>
      {label}
      <Icon icon={Icons.ChevronDown} />
    </Button>
  );
  return (
    <>
      {trigger}
      {open ? (
        <FloatingFocusManager context={context} modal={false} initialFocus={-1} guards={false}>
          <List ref={refs.setFloating} style={floatingStyles} aria-label={accessibleName ?? label} {...getFloatingProps()}>
            {items.map((item, i) => (
              <Item
                key={item.label}
                ref={(node) => {
                  elements.current[i] = node;
                }}
                role="menuitem"
                tabIndex={active === i ? 0 : -1}
                $danger={item.danger}
                {...(item.to
                  ? {
                      as: linkAs ?? 'a',
                      ...(linkAs ? { to: item.to } : { href: item.to }),
                      'aria-disabled': item.disabled || undefined,
                    }
                  : { type: 'button' as const, disabled: item.disabled })}
                {...getItemProps({
                  onClick(e) {
                    if (item.disabled) return e.preventDefault();
                    item.onSelect?.();
                    setOpen(false);
                  },
                })}
              >
                {item.icon ? <Icon icon={item.icon} /> : null}
                {item.label}
              </Item>
            ))}
          </List>
        </FloatingFocusManager>
      ) : null}
    </>
  );
}
