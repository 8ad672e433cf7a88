import {
  TerminalEngine,
  type TerminalSocket,
  type TerminalStatus,
  useSecondFactorDialog,
} from '@portcullis/console-kit';
import { Alert, Flex, Indicator, Label, Text } from '@portcullis/design';
import { type ReactNode, useState } from 'react';
import { XtermPane } from './XtermPane';

export interface SessionTerminalProps {
  visible: boolean;
  /** What the session is on, for its header and its second-factor prompt. */
  target: string;
  /** Opens the session's socket at the terminal's size. */
  open: (term: { w: number; h: number }) => TerminalSocket;
}

const statusLabel: Record<TerminalStatus, ReactNode> = {
  connecting: <Indicator size="small" delay="none" label="Connecting" />,
  connected: <Label kind="success">Connected</Label>,
  closed: <Label kind="warning">Ended</Label>,
};

/** A gateway terminal session (a node's shell, a command in a pod) driven by the console-kit's engine. */
export function SessionTerminal({ visible, target, open }: SessionTerminalProps) {
  const [status, setStatus] = useState<TerminalStatus>('connecting');
  const [ended, setEnded] = useState('');
  const { ask, dialog } = useSecondFactorDialog();
  const attach = (terminal: ConstructorParameters<typeof TerminalEngine>[0]['terminal']) => {
    const engine = new TerminalEngine({
      terminal,
      socket: open({ w: terminal.cols, h: terminal.rows }),
      onStatus: setStatus,
      onClose: setEnded,
      onMfaChallenge: (challenge) => ask(challenge, `Opening a terminal on ${target} needs a second factor.`),
    });
    return () => engine.dispose();
  };
  return (
    <Flex flexDirection="column" flex="1" minHeight={0}>
      <Flex alignItems="center" gap={2} px={3} py={1}>
        {statusLabel[status]}
        <Text typography="body2">{target}</Text>
      </Flex>
      {ended ? (
        <Alert kind="info" mx={2} mb={1}>
          {ended}
        </Alert>
      ) : null}
      <XtermPane visible={visible} attach={attach} />
      {dialog}
    </Flex>
  );
}
