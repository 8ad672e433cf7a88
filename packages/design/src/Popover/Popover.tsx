import {
  FloatingFocusManager,
  FloatingPortal,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
  type Placement,
} from '@floating-ui/react';
import { useState, type ReactNode } from 'react';
import { useTheme } from 'styled-components';
import { FloatingSurface, floatingOptions, type TriggerProps } from './floating';

export type PopoverProps = {
  /** Renders the element that opens the popover; spread the props onto it. */
  children: (trigger: TriggerProps) => ReactNode;
  content: ReactNode | ((close: () => void) => ReactNode);
  /** The popover's accessible name. */
  label: string;
  placement?: Placement;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/** Content floating next to its trigger; click to open, Escape or an outside click to close. */
export function Popover({
  children,
  content,
  label,
  placement = 'bottom-start',
  open: controlled,
  onOpenChange,
}: PopoverProps) {
  const theme = useTheme();
  const [own, setOwn] = useState(false);
  const open = controlled ?? own;
  const setOpen = (next: boolean) => {
    setOwn(next);
    onOpenChange?.(next);
  };
  const { refs, floatingStyles, context } = useFloating({
    ...floatingOptions(theme, placement),
    open,
    onOpenChange: setOpen,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role: 'dialog' }),
  ]);
  return (
    <>
      {children({ ref: refs.setReference, ...getReferenceProps() })}
      {open ? (
        <FloatingPortal>
          <FloatingFocusManager context={context} modal={false}>
            <FloatingSurface
              ref={refs.setFloating}
              style={floatingStyles}
              aria-label={label}
              {...getFloatingProps()}
            >
              {typeof content === 'function' ? content(() => setOpen(false)) : content}
            </FloatingSurface>
          </FloatingFocusManager>
        </FloatingPortal>
      ) : null}
    </>
  );
}
