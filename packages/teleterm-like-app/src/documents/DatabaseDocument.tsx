import { Alert, Box, Button, CodeBlock, Flex, Indicator, Label, Text } from '@portcullis/design';
import type { DaemonConnectionJson, DaemonDocumentJson } from '@portcullis/shared';
import { useState } from 'react';
import type { Connections } from '../connections/useConnections';
import { clientCommandLine } from './clientCommandLine';
import { attachDatabaseClient, openDatabaseClientSocket } from './databaseClient';
import { XtermPane } from './XtermPane';

type DatabaseDoc = Extract<DaemonDocumentJson, { kind: 'database' }>;

/** The database's own client in a terminal of this machine, on the connection's local port. */
function ClientTerminal({ connection, visible }: { connection: DaemonConnectionJson; visible: boolean }) {
  const [run, setRun] = useState(0);
  const [ended, setEnded] = useState('');
  const [open, setOpen] = useState(false);
  const attach = (terminal: Parameters<typeof attachDatabaseClient>[0]) =>
    attachDatabaseClient(
      terminal,
      openDatabaseClientSocket(connection.id, { cols: terminal.cols, rows: terminal.rows }),
      {
        onOpen: () => setOpen(true),
        onExit: (code) => setEnded(`The client exited with code ${code}.`),
        onClose: () => setEnded('The connection to the daemon was closed.'),
      },
    );
  const again = () => {
    setEnded('');
    setOpen(false);
    setRun((n) => n + 1);
  };
  return (
    <>
      {ended ? (
        <Alert
          kind="info"
          mx={2}
          mb={1}
          action={
            <Button size="small" onClick={again}>
              Run the client again
            </Button>
          }
        >
          {ended}
        </Alert>
      ) : open ? null : (
        <Box px={3}>
          <Indicator size="small" label="Starting the client" />
        </Box>
      )}
      <XtermPane key={run} visible={visible} attach={attach} />
    </>
  );
}

/**
 * A database connection's tab: its local port and the command line for any client, and a terminal running the
 * protocol's client against it. After a restart it finds its connection in the daemon's list again.
 */
export function DatabaseDocument({
  doc,
  visible,
  connections,
}: {
  doc: DatabaseDoc;
  visible: boolean;
  connections: Connections;
}) {
  const connection = connections.list.find((c) => c.id === doc.connectionId);
  if (!connection) {
    return connections.loaded ? (
      <Alert m={3}>
        The daemon no longer has this connection. Connect to the database again from its cluster&apos;s
        resources.
      </Alert>
    ) : (
      <Indicator label="Loading the connection" />
    );
  }
  const { id, database, dbUser, port, connected } = connection;
  return (
    <Flex flexDirection="column" flex="1" minHeight={0}>
      <Box px={3} py={2}>
        <Flex alignItems="center" gap={2} mb={2}>
          <Label kind={connected ? 'success' : 'neutral'}>{connected ? 'Connected' : 'Disconnected'}</Label>
          <Text typography="body2">
            {database} as {dbUser} on 127.0.0.1:{port}
          </Text>
          <Box flex="1" />
          {connected ? (
            <Button kind="border" size="small" onClick={() => void connections.disconnect(id)}>
              Disconnect
            </Button>
          ) : (
            <Button size="small" onClick={() => void connections.connect(id)}>
              Connect
            </Button>
          )}
        </Flex>
        {connection.error ? <Alert>{connection.error}</Alert> : null}
        <Text typography="body3" muted mb={1}>
          From any terminal of this machine:
        </Text>
        <CodeBlock code={clientCommandLine(connection)} copyLabel="Copy the client command" />
      </Box>
      {connected ? <ClientTerminal connection={connection} visible={visible} /> : null}
    </Flex>
  );
}
