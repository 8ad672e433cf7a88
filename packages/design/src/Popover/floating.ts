import { autoUpdate, flip, offset, shift, size, type Placement } from '@floating-ui/react';
import styled, { type DefaultTheme } from 'styled-components';

/**
 * Positioning shared by every floating element: flip and shift keep it 16 px (theme.sizes.popoverMargin)
 * inside the viewport, and size caps its height to the room that is left.
 */
export const floatingOptions = (theme: DefaultTheme, placement: Placement, matchWidth = false) => ({
  placement,
  whileElementsMounted: autoUpdate,
  middleware: [
    offset(theme.space[1]),
    flip({ padding: theme.sizes.popoverMargin }),
    shift({ padding: theme.sizes.popoverMargin }),
    size({
      padding: theme.sizes.popoverMargin,
      apply({ availableHeight, elements, rects }) {
        elements.floating.style.maxHeight = `${Math.max(availableHeight, theme.space[10])}px`;
        if (matchWidth) elements.floating.style.width = `${rects.reference.width}px`;
      },
    }),
  ],
});

/** The raised surface popovers, menus and select lists are drawn on. */
export const FloatingSurface = styled.div`
  z-index: ${({ theme }) => theme.zIndices.popover};
  overflow: auto;
  background: ${({ theme }) => theme.colors.levels.popout};
  color: ${({ theme }) => theme.colors.text.main};
  border: ${({ theme }) => theme.borderWidths[1]}px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.large}px;
  box-shadow: ${({ theme }) => theme.shadows.high};
  &:focus-visible {
    outline: none;
  }
`;

/** What a render-prop trigger spreads onto its element (the ref included, as React 19 allows). */
export type TriggerProps = Record<string, unknown> & { ref: (node: HTMLElement | null) => void };
