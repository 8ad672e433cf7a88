import { FloatingFocusManager, useDismiss, useFloating, useInteractions, useRole } from '@floating-ui/react';
import { useId, type CSSProperties, type ReactNode } from 'react';
import styled, { useTheme } from 'styled-components';
import { TitleBar } from '../Dialog/TitleBar';
import { Transition, type TransitionState } from '../Transition';

export type SlidePanelProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  side?: 'left' | 'right';
};

const Panel = styled.aside<{ $side: 'left' | 'right' }>`
  position: fixed;
  top: 0;
  bottom: 0;
  ${({ $side }) => $side}: 0;
  z-index: ${({ theme }) => theme.zIndices.modal};
  display: flex;
  flex-direction: column;
  width: ${({ theme }) => theme.sizes.slidePanelWidth}px;
  max-width: 100vw;
  background: ${({ theme }) => theme.colors.levels.elevated};
  color: ${({ theme }) => theme.colors.text.main};
  box-shadow: ${({ theme }) => theme.shadows.high};
  &:focus-visible {
    outline: none;
  }
`;

const Body = styled.div`
  flex: 1;
  overflow: auto;
  padding: ${({ theme }) => theme.space[4]}px;
`;

/** A panel that slides in from the side over the page (500 ms); Escape closes it. */
export function SlidePanel({ open, onClose, title, children, side = 'right' }: SlidePanelProps) {
  const theme = useTheme();
  const titleId = useId();
  const { refs, context } = useFloating({ open, onOpenChange: (next) => (next ? undefined : onClose()) });
  const { getFloatingProps } = useInteractions([
    useDismiss(context, { outsidePress: false }),
    useRole(context, { role: 'dialog' }),
  ]);
  const away = side === 'right' ? 'translateX(100%)' : 'translateX(-100%)';
  const styles: Record<TransitionState, CSSProperties> = {
    entering: { transform: 'translateX(0)' },
    entered: { transform: 'translateX(0)' },
    exiting: { transform: away },
    exited: { transform: away },
  };
  return (
    <Transition in={open} duration={theme.durations.slide} styles={styles}>
      <FloatingFocusManager context={context} modal={false}>
        <Panel ref={refs.setFloating} $side={side} aria-labelledby={titleId} {...getFloatingProps()}>
          <TitleBar id={titleId} title={title} closeLabel="Close panel" onClose={onClose} divided />
          <Body>{children}</Body>
        </Panel>
      </FloatingFocusManager>
    </Transition>
  );
}
