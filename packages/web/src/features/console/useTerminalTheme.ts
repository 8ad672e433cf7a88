import { type XtermView, xtermTheme } from '@portcullis/console-kit';
import { useTheme } from '@portcullis/design';
import { type RefObject, useEffect } from 'react';

/**
 * Repaints an open terminal in the UI theme's palette whenever the user switches theme, so a terminal, a joined
 * session or a recording never stays dark on a light page; the terminal is not reopened.
 */
export function useTerminalTheme(view: RefObject<XtermView | null>) {
  const { theme } = useTheme();
  useEffect(() => {
    if (view.current) view.current.terminal.options.theme = xtermTheme(theme);
  }, [theme, view]);
}
