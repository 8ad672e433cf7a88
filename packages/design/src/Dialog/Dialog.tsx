import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { TitleBar } from './TitleBar';

export type DialogProps = {
  open: boolean;
  /** Called on Escape, the close button and (unless disabled) a click on the backdrop. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons along the bottom, primary action first. */
  actions?: ReactNode;
  /** Keep the dialog open on backdrop clicks, e.g. while a form has unsaved input. */
  disableBackdropClose?: boolean;
  width?: number | string;
};

// The overlay carries the modal z-index (1200) and locks the page's scroll while open. Its one
// row is the window's height (not the panel's), so a tall panel is capped there and its body scrolls.
const Backdrop = styled(FloatingOverlay)`
  z-index: ${({ theme }) => theme.zIndices.modal};
  display: grid;
  grid-template-rows: minmax(0, 1fr);
  place-items: center;
  padding: ${({ theme }) => theme.sizes.popoverMargin}px;
  background: ${({ theme }) => theme.colors.overlay};
`;

const Panel = styled.div<{ $width?: number | string }>`
  display: flex;
  flex-direction: column;
  width: ${({ theme, $width }) => (typeof $width === 'string' ? $width : `${$width ?? theme.sizes.dialogWidth}px`)};
  max-width: 100%;
  max-height: 100%;
  background: ${({ theme }) => theme.colors.levels.elevated};
  color: ${({ theme }) => theme.colors.text.main};
  border-radius: ${({ theme }) => theme.radius.large}px;
  box-shadow: ${({ theme }) => theme.shadows.high};
  &:focus-visible {
    outline: none;
  }
`;

// The body shrinks and scrolls when the panel is capped, so the title and the buttons stay in view.
const Body = styled.div`
  min-height: 0;
  overflow: auto;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[5]}px;
`;

const Footer = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[5]}px
    ${({ theme }) => theme.space[5]}px;
`;

/**
 * A modal dialog: focus is trapped inside and returns to where it was on close, Escape closes it,
 * the page behind cannot scroll.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  actions,
  disableBackdropClose,
  width,
}: DialogProps) {
  const titleId = useId();
  const { refs, context } = useFloating({ open, onOpenChange: (next) => (next ? undefined : onClose()) });
  const { getFloatingProps } = useInteractions([
    useDismiss(context, { outsidePress: !disableBackdropClose, outsidePressEvent: 'mousedown' }),
    useRole(context, { role: 'dialog' }),
  ]);
  if (!open) return null;
  return (
    <FloatingPortal>
      <Backdrop lockScroll data-testid="dialog-backdrop">
        <FloatingFocusManager context={context} modal>
          <Panel
            ref={refs.setFloating}
            aria-modal="true"
            aria-labelledby={titleId}
            $width={width}
            {...getFloatingProps()}
          >
            <TitleBar id={titleId} title={title} closeLabel="Close" onClose={onClose} />
            <Body>{children}</Body>
            {actions ? <Footer>{actions}</Footer> : null}
          </Panel>
        </FloatingFocusManager>
      </Backdrop>
    </FloatingPortal>
  );
}
