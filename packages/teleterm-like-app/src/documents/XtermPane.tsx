import { openXterm, type XtermView, xtermTheme } from '@portcullis/console-kit';
import { Box, useTheme } from '@portcullis/design';
import { DEFAULT_SCROLLBACK_LINES } from '@portcullis/shared';
import { useEffect, useRef } from 'react';

export interface XtermPaneProps {
  /** Whether its tab is the one shown; a hidden pane keeps its session. */
  visible: boolean;
  /** Joins the terminal to its session once it is open and sized; returns what ends the session. */
  attach: (terminal: XtermView['terminal']) => () => void;
}

/**
 * An xterm filling its parent, for every kind of terminal tab. It attaches once, on mount: key it by its
 * session, so a new session is a new pane.
 */
export function XtermPane({ visible, attach }: XtermPaneProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<XtermView | null>(null);
  const { theme } = useTheme();
  // The first render's values: switching theme recolours the terminal below, and must not reconnect.
  const start = useRef({ attach, theme });

  useEffect(() => {
    const element = host.current!;
    const xterm = openXterm(element, {
      scrollback: DEFAULT_SCROLLBACK_LINES,
      theme: xtermTheme(start.current.theme),
      fontFamily: start.current.theme.fonts.mono,
    });
    view.current = xterm;
    const detach = start.current.attach(xterm.terminal);
    const sizer = new ResizeObserver(() => xterm.fit());
    sizer.observe(element);
    return () => {
      sizer.disconnect();
      detach();
      xterm.dispose();
      view.current = null;
    };
  }, []);

  // A theme switch recolours the open terminal.
  useEffect(() => {
    const xterm = view.current;
    if (xterm) xterm.terminal.options.theme = xtermTheme(theme);
  }, [theme]);

  // Shown again: fit the space the tab has now, and take the keyboard.
  useEffect(() => {
    const xterm = view.current;
    if (!visible || !xterm) return;
    xterm.fit();
    xterm.terminal.focus();
  }, [visible]);

  return <Box ref={host} data-testid="terminal" flex="1" minHeight={0} p={2} bg="ansi.background" />;
}
