import {
  FileTransferRequestDialog,
  openXterm,
  TerminalEngine,
  type TerminalSocket,
  type TerminalStatus,
  useFileTransferRequests,
  useSecondFactorDialog,
  xtermTheme,
} from '@portcullis/console-kit';
import { Alert, Box, Button, Flex, Text, useTheme } from '@portcullis/design';
import type { ParticipantMode } from '@portcullis/shared';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { webConfigAtom } from '../../config';
import { connectTerminal } from '../console/connectTerminal';

const modes: ParticipantMode[] = ['observer', 'peer', 'moderator'];

export interface JoinSessionPageProps {
  /** How the page reaches the gateway; tests pass a fake socket. */
  connect?: typeof connectTerminal;
}

/**
 * Joins a running session (console/session/{sid}?mode=observer|peer|moderator). The terminal keeps the
 * session's size, not the window's: joiners watch the owner's screen. Observers cannot type (the gateway
 * drops their input too).
 */
export default function JoinSessionPage({ connect = connectTerminal }: JoinSessionPageProps) {
  const { clusterId = '', sid = '' } = useParams();
  const [query] = useSearchParams();
  const requested = query.get('mode');
  const mode = modes.find((m) => m === requested);
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<TerminalStatus>('connecting');
  const [closed, setClosed] = useState('');
  const { theme } = useTheme();
  const { ui } = useAtomValue(webConfigAtom);
  const opening = useRef({ theme, scrollback: ui.scrollbackLines, connect });
  // A role that requires a second factor per session asks for it before joining, too.
  const { ask, dialog } = useSecondFactorDialog();
  // A moderator approves or denies the owner's file transfers, and can end the session for everyone.
  const requests = useFileTransferRequests();
  const { received, decided } = requests;
  const engine = useRef<TerminalEngine | null>(null);

  useEffect(() => {
    const { theme: startTheme, scrollback, connect: open } = opening.current;
    const view = openXterm(container.current!, { scrollback, theme: xtermTheme(startTheme), fontFamily: startTheme.fonts.mono });
    const { terminal } = view;
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
      onSession: (session) => terminal.resize(session.terminal_params.w, session.terminal_params.h),
      onClose: setClosed,
      onMfaChallenge: (challenge) => ask(challenge, `Joining session ${sid} needs a second factor.`),
    });
    engine.current = joined;
    return () => {
      joined.dispose();
      engine.current = null;
      view.dispose();
    };
  }, [clusterId, sid, mode, ask, received, decided]);

  return (
    <Flex flexDirection="column" height="100vh" bg="levels.sunken">
      <Flex p={2} alignItems="center" style={{ gap: 16 }}>
        <Text typography="body2">
          Session {sid} · {mode ?? 'default mode'} · {status}
        </Text>
        {mode === 'moderator' && status !== 'closed' ? (
          <Button kind="warning" size="small" onClick={() => engine.current?.endSession()}>
            End session
          </Button>
        ) : null}
      </Flex>
      {closed ? <Alert m={2}>{closed}</Alert> : null}
      <Box ref={container} data-testid="terminal" data-status={status} data-mode={mode} flex="1" minHeight={0} p={2} />
      {dialog}
      <FileTransferRequestDialog
        request={mode === 'moderator' ? requests.current : undefined}
        onDecide={(requestId, approved) => engine.current?.decideFileTransfer(requestId, approved)}
        onDismiss={requests.dismiss}
      />
    </Flex>
  );
}
