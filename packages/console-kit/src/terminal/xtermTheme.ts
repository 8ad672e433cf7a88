import type { Theme } from '@portcullis/design';
import type { ITheme } from '@xterm/xterm';

/** xterm's colours from the design theme's ANSI palette, so the terminal follows light and dark. */
export function xtermTheme(theme: Pick<Theme, 'colors'>): ITheme {
  const { selection, ...colors } = theme.colors.ansi;
  return { ...colors, selectionBackground: selection };
}
