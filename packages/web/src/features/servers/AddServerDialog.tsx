import { Alert, Button, CodeBlock, Dialog, Indicator, Text } from '@portcullis/design';
import type { JoinToken } from '@portcullis/shared';
import { useEffect, useState } from 'react';
import { installNodeCommand } from '../discover/commands';
import { type CreateNodeToken, createNodeToken } from './joinTokenService';

export interface AddServerDialogProps {
  onClose: () => void;
  createToken?: CreateNodeToken;
  /** Where the install script is fetched from: the gateway the console was loaded from. */
  origin?: string;
}

type State = { status: 'creating' } | { status: 'ready'; token: JoinToken } | { status: 'error'; message: string };

/** Creates a join token and shows the command that installs the agent on a new server with it. */
export function AddServerDialog({ onClose, createToken = createNodeToken, origin = window.location.origin }: AddServerDialogProps) {
  const [state, setState] = useState<State>({ status: 'creating' });

  useEffect(() => {
    let live = true;
    createToken().then(
      (token) => live && setState({ status: 'ready', token }),
      (err: unknown) => live && setState({ status: 'error', message: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
  }, [createToken]);

  const command = state.status === 'ready' ? installNodeCommand(origin, state.token.id) : '';

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add a server"
      width={640}
      actions={
        <Button kind="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {state.status === 'creating' && <Indicator label="Creating a join token" />}
      {state.status === 'error' && <Alert kind="danger">{state.message}</Alert>}
      {state.status === 'ready' && (
        <>
          <Text mb={2}>Run this on the server you want to add. It installs the agent, which joins this cluster.</Text>
          <CodeBlock code={command} copyLabel="Copy command" />
          <Text typography="body3" muted>
            The join token in this command is valid until {state.token.expiryText}.
          </Text>
        </>
      )}
    </Dialog>
  );
}
