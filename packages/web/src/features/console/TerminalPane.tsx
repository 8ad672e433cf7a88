import {
  type AskSecondFactor,
  openXterm,
  type RendererKind,
  TerminalEngine,
  type TerminalSocket,
  type TransferApprovals,
  type TerminalStatus,
  type XtermView,
  xtermTheme,
} from '@portcullis/console-kit';
import { Box, useTheme } from '@portcullis/design';
import type { SessionInfo } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { webConfigAtom } from '../../config';
import { useTerminalTheme } from './useTerminalTheme';

export interface TerminalPaneProps {
  /** Hidden panes keep their session running; only the visible one is fitted and focused. */
  visible: boolean;
  /** Opens the session's socket (a node's shell, a command in a pod) at the terminal's size; called once, on mount. */
  connect: (term: { w: number; h: number }) => TerminalSocket;
  onStatus?: (status: TerminalStatus) => void;
  onSession?: (session: SessionInfo) => void;
  /** An audit event about the session as it happens, e.g. someone joining or leaving it. */
  onAuditEvent?: (event: Record<string, unknown>) => void;
  onClose?: (reason: string) => void;
  /** The session needs a second factor before its shell opens; the console's prompt asks for it. */
  onMfaChallenge: AskSecondFactor;
  /** Where this session's file transfers ask a moderator, should the session turn out to be moderated. */
  approvals?: TransferApprovals;
}

/**
 * One live terminal: xterm in a box that fills its parent, wired to the gateway by a TerminalEngine. It connects
 * once, when mounted: key it by what it connects to, so another target is another pane.
 */
export function TerminalPane({ visible, connect, approvals, ...handlers }: TerminalPaneProps) {
  const container = useRef<HTMLDivElement>(null);
  const view = useRef<XtermView | null>(null);
  const latest = useRef(handlers);
  latest.current = handlers;
  const [renderer, setRenderer] = useState<RendererKind>();
  const { theme } = useTheme();
  const { ui } = useAtomValue(webConfigAtom);
  // Read once when the session opens: neither a theme switch nor a config change should reconnect.
  const opening = useRef({ theme, scrollback: ui.scrollbackLines, connect, approvals });

  useEffect(() => {
    const element = container.current!;
    const { theme: startTheme, scrollback, connect: open, approvals: asking } = opening.current;
    const xterm = openXterm(element, {
      scrollback,
      theme: xtermTheme(startTheme),
      fontFamily: startTheme.fonts.mono,
      onRendererChange: setRenderer,
    });
    setRenderer(xterm.renderer);
    const socket = open({ w: xterm.terminal.cols, h: xterm.terminal.rows });
    const engine = new TerminalEngine({
      terminal: xterm.terminal,
      socket,
      onStatus: (status) => latest.current.onStatus?.(status),
      onSession: (session) => latest.current.onSession?.(session),
      onAuditEvent: (event) => latest.current.onAuditEvent?.(event),
      onClose: (reason) => latest.current.onClose?.(reason),
      onMfaChallenge: (challenge) => latest.current.onMfaChallenge(challenge),
      onFileTransferRequest: (request) => asking?.received(request),
      onFileTransferDecision: (decision) => asking?.decided(decision),
    });
    asking?.connect((spec) => engine.requestFileTransfer(spec));
    const observer = new ResizeObserver(() => xterm.fit());
    observer.observe(element);
    view.current = xterm;
    return () => {
      asking?.connect(undefined);
      observer.disconnect();
      engine.dispose();
      xterm.dispose();
      view.current = null;
    };
  }, []);

  useTerminalTheme(view);

  useEffect(() => {
    if (!visible || !view.current) return;
    view.current.fit();
    view.current.terminal.focus();
  }, [visible]);

  return (
    <Box
      ref={container}
      data-testid="terminal"
      data-renderer={renderer}
      display={visible ? 'block' : 'none'}
      flex="1"
      minHeight={0}
      p={2}
      bg="ansi.background"
    />
  );
}
