import {
  FloatingPortal,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useRole,
  type Placement,
} from '@floating-ui/react';
import { useState, type ReactNode } from 'react';
import styled, { useTheme } from 'styled-components';
import { floatingOptions, type TriggerProps } from '../Popover/floating';

export type TooltipProps = {
  children: (trigger: TriggerProps) => ReactNode;
  content: ReactNode;
  placement?: Placement;
  /** Start open, e.g. in a story or a guided tour. */
  defaultOpen?: boolean;
};

const Tip = styled.div`
  z-index: ${({ theme }) => theme.zIndices.tooltip};
  max-width: ${({ theme }) => theme.sizes.tooltipMaxWidth}px;
  padding: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[2]}px;
  border-radius: ${({ theme }) => theme.radius.medium}px;
  background: ${({ theme }) => theme.colors.text.main};
  color: ${({ theme }) => theme.colors.text.primaryInverse};
  font-size: ${({ theme }) => theme.typography.body3.fontSize}px;
  line-height: ${({ theme }) => theme.typography.body3.lineHeight};
  box-shadow: ${({ theme }) => theme.shadows.medium};
`;

/** A short hint on hover or keyboard focus, tied to its trigger with aria-describedby. */
export function Tooltip({ children, content, placement = 'top', defaultOpen = false }: TooltipProps) {
  const theme = useTheme();
  const [open, setOpen] = useState(defaultOpen);
  const { refs, floatingStyles, context } = useFloating({
    ...floatingOptions(theme, placement),
    open,
    onOpenChange: setOpen,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useHover(context, { delay: { open: theme.durations.tooltipOpen, close: 0 } }),
    useFocus(context),
    useDismiss(context),
    useRole(context, { role: 'tooltip' }),
  ]);
  return (
    <>
      {children({ ref: refs.setReference, ...getReferenceProps() })}
      {open ? (
        <FloatingPortal>
          <Tip ref={refs.setFloating} style={floatingStyles} {...getFloatingProps()}>
            {content}
          </Tip>
        </FloatingPortal>
      ) : null}
    </>
  );
}
