import { Button, CodeBlock, Dialog, Text } from '@portcullis/design';
import type { App } from '@portcullis/shared';

export interface ConnectAppDialogProps {
  app: App;
  onClose: () => void;
}

/** The command that opens a local port onto a TCP application through the gateway. */
export const tcpProxyCommand = (app: Pick<App, 'name'>) => `portcullis proxy app ${app.name} --port 0`;

/** How to reach a TCP application, which a browser cannot open: the command line proxies it to a local port. */
export function ConnectAppDialog({ app, onClose }: ConnectAppDialogProps) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Connect to ${app.name}`}
      width={640}
      actions={
        <Button kind="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <CodeBlock code={tcpProxyCommand(app)} copyLabel="Copy command" />
      <Text mt={3}>
        Run it on your own machine once signed in with portcullis login: it prints the local port it listens on,
        and you point your client at 127.0.0.1 on that port as if it were the application.
      </Text>
    </Dialog>
  );
}
