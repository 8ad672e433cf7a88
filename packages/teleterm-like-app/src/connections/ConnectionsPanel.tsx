import { Alert, Box, Button, ButtonIcon, EmptyState, Flex, H3, Icons, Label, Text } from '@portcullis/design';
import type { DaemonConnectionJson } from '@portcullis/shared';
import type { Connections } from './useConnections';

export interface ConnectionsPanelProps {
  connections: Connections;
  /** Shows the connection's tab (its client terminal), opening one if none is open. */
  onOpen: (connection: DaemonConnectionJson) => void;
}

function ConnectionRow({
  connection,
  connections,
  onOpen,
}: { connection: DaemonConnectionJson } & ConnectionsPanelProps) {
  const { id, database, dbUser, dbName, port, connected, error } = connection;
  const name = `${database} as ${dbUser}${dbName ? ` (${dbName})` : ''}`;
  return (
    <Box
      as="li"
      py={2}
      borderBottomWidth={1}
      borderBottomStyle="solid"
      borderColor="border"
      aria-label={name}
    >
      <Flex alignItems="center" justifyContent="space-between" gap={2}>
        <Button kind="text" size="small" onClick={() => onOpen(connection)} title={`Open ${name}`}>
          {name}
        </Button>
        <ButtonIcon
          icon={Icons.Trash}
          size="small"
          aria-label={`Remove ${name}`}
          onClick={() => void connections.remove(id)}
        />
      </Flex>
      {/* The panel is narrow: the state and port on one line, the button wrapping below them when it must. */}
      <Flex alignItems="center" flexWrap="wrap" gap={2} px={2}>
        <Box flex="none">
          <Label kind={connected ? 'success' : 'neutral'}>{connected ? 'Connected' : 'Disconnected'}</Label>
        </Box>
        <Text typography="body3" mono flex="none">
          127.0.0.1:{port}
        </Text>
        <Box flex="1" />
        {connected ? (
          <Button
            kind="border"
            size="small"
            onClick={() => void connections.disconnect(id)}
            aria-label={`Disconnect ${name}`}
          >
            Disconnect
          </Button>
        ) : (
          <Button
            kind="border"
            size="small"
            onClick={() => void connections.connect(id)}
            aria-label={`Connect ${name}`}
          >
            Connect
          </Button>
        )}
      </Flex>
      {error ? (
        <Text typography="body3" color="danger.text" px={2} mt={1}>
          {error}
        </Text>
      ) : null}
    </Box>
  );
}

/** The local ports the daemon keeps open to databases: which is up, and connect, disconnect or remove each. */
export function ConnectionsPanel(props: ConnectionsPanelProps) {
  const { list, error } = props.connections;
  return (
    <Box
      as="aside"
      aria-label="Connections"
      width="sideNavWidth"
      flex="none"
      p={3}
      bg="levels.surface"
      borderLeftWidth={1}
      borderLeftStyle="solid"
      borderColor="border"
      overflowY="auto"
    >
      <H3 mb={2}>Connections</H3>
      {error ? <Alert>{error}</Alert> : null}
      {list.length ? (
        <Box as="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {list.map((connection) => (
            <ConnectionRow key={connection.id} connection={connection} {...props} />
          ))}
        </Box>
      ) : (
        <EmptyState
          title="No connections"
          description="Connect to a database from a cluster's resources or with db connect."
          icon={Icons.Database}
        />
      )}
    </Box>
  );
}
