import {
  FileTransferRequestDialog,
  openXterm,
  TerminalEngine,
  type TerminalSocket,
  type TerminalStatus,
  useFileTransferRequests,
  useSecondFactorDialog,
  type XtermView,
  xtermTheme,
} from '@portcullis/console-kit';
import { Alert, Box, Button, Flex, Label, PageHeader, useTheme } from '@portcullis/design';
import { compilePath, type ParticipantMode, type SessionInfo, type TerminalParams, webRoutes } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { webConfigAtom } from '../../config';
import { clusterLabel } from '../clusters/clusterLabel';
import { connectTerminal } from '../console/connectTerminal';
import { partiesAfter } from '../console/consoleTabs';
import { SessionFacts } from '../console/SessionFacts';
import { useTerminalTheme } from '../console/useTerminalTheme';

const modes: ParticipantMode[] = ['observer', 'peer', 'moderator'];

const joinState = (status: TerminalStatus, mode: ParticipantMode | undefined) =>
  status === 'closed' ? 'Ended' : `${status === 'connecting' ? 'Joining' : 'Joined'} as ${mode ?? 'default mode'}`;

export interface JoinSessionPageProps {
  /** How the page reaches the gateway; tests pass a fake socket. */
  connect?: (clusterId: string, params: TerminalParams) => TerminalSocket;
}

/**
 * Joins a running session (console/session/{sid}?mode=observer|peer|moderator). The terminal keeps the
 * session's size, not the window's: joiners watch the owner's screen. Observers cannot type (the gateway
 * drops their input too). The header names the session, who is in it and how this browser joined.
 */
export default function JoinSessionPage({ connect = connectTerminal }: JoinSessionPageProps) {
  const { clusterId = '', sid = '' } = useParams();
  const [query] = useSearchParams();
  const requested = query.get('mode');
  const mode = modes.find((m) => m === requested);
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<TerminalStatus>('connecting');
  const [closed, setClosed] = useState('');
  const [session, setSession] = useState<Pick<SessionInfo, 'login' | 'server_hostname'>>();
  const [parties, setParties] = useState<string[]>();
  const { theme } = useTheme();
  const { ui } = useAtomValue(webConfigAtom);
  const opening = useRef({ theme, scrollback: ui.scrollbackLines, connect });
  // A role that requires a second factor per session asks for it before joining, too.
  const { ask, dialog } = useSecondFactorDialog();
  // A moderator approves or denies the owner's file transfers, and can end the session for everyone.
  const requests = useFileTransferRequests();
  const { received, decided } = requests;
  const engine = useRef<TerminalEngine | null>(null);
  const view = useRef<XtermView | null>(null);
  useTerminalTheme(view);

  useEffect(() => {
    const { theme: startTheme, scrollback, connect: open } = opening.current;
    const xterm = openXterm(container.current!, { scrollback, theme: xtermTheme(startTheme), fontFamily: startTheme.fonts.mono });
    view.current = xterm;
    const { terminal } = xterm;
    terminal.options.disableStdin = mode === 'observer';
    // server_id and login are ignored when joining; the schema still asks for them.
    const socket: TerminalSocket = open(clusterId, { server_id: sid, login: 'join', sid, ...(mode ? { mode } : {}), term: { w: terminal.cols, h: terminal.rows } });
    const joined = new TerminalEngine({
      terminal,
      socket,
      ...(mode ? { mode } : {}),
      onFileTransferRequest: received,
      onFileTransferDecision: decided,
      onStatus: setStatus,
      onSession: (joined) => {
        terminal.resize(joined.terminal_params.w, joined.terminal_params.h);
        setSession(joined);
        setParties(joined.parties.map((p) => p.user));
      },
      onAuditEvent: (event) => setParties((current) => partiesAfter(current ?? [], event)),
      onClose: setClosed,
      onMfaChallenge: (challenge) => ask(challenge, `Joining session ${sid} needs a second factor.`),
    });
    engine.current = joined;
    return () => {
      joined.dispose();
      engine.current = null;
      view.current = null;
      xterm.dispose();
    };
  }, [clusterId, sid, mode, ask, received, decided]);

  return (
    <Flex flexDirection="column" height="100vh" bg="levels.sunken">
      <PageHeader
        title={session ? `${session.login}@${session.server_hostname}` : `Session ${sid}`}
        back={{ title: 'Active Sessions', to: compilePath(webRoutes.sessions, { clusterId }) }}
        details={<SessionFacts sessionId={sid} parties={parties} />}
        linkAs={Link}
        actions={
          <>
            <Label kind={status === 'closed' ? 'warning' : 'brand'}>{joinState(status, mode)}</Label>
            {mode === 'moderator' && status !== 'closed' ? (
              <Button kind="warning" size="small" onClick={() => engine.current?.endSession()}>
                End session
              </Button>
            ) : null}
            {clusterLabel(clusterId)}
          </>
        }
      />
      {closed ? <Alert m={2}>{closed}</Alert> : null}
      <Box ref={container} data-testid="terminal" data-status={status} data-mode={mode} flex="1" minHeight={0} p={2} bg="ansi.background" overflow="auto" />
      {dialog}
      <FileTransferRequestDialog
        request={mode === 'moderator' ? requests.current : undefined}
        onDecide={(requestId, approved) => engine.current?.decideFileTransfer(requestId, approved)}
        onDismiss={requests.dismiss}
      />
    </Flex>
  );
}
