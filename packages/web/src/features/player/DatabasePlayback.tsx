import { Alert, Box, DataTable, Flex, Label, Text } from '@portcullis/design';
import { type DatabaseStatementJson, databaseProtocolName, displayDateTime } from '@portcullis/shared';
import type { DatabaseStatements } from './useDatabaseStatements';

/** How long after the session's start a statement came: mm:ss (minutes go past 59 rather than to hours). */
export const offsetText = (ms: number) => {
  const seconds = Math.floor(ms / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
};

type Row = DatabaseStatementJson & { key: string };

/** A database session played back: who ran what on which database, statement by statement, with when. */
export function DatabasePlayback({ statements: { session, statements, loading, error } }: { statements: DatabaseStatements }) {
  const rows: Row[] = statements.map((s, i) => ({ ...s, key: String(i) }));

  return (
    <Box p={3} overflow="auto" flex="1">
      {error ? <Alert>{error}</Alert> : null}
      {session ? (
        <Flex as="section" aria-label="Session" flexDirection="column" gap={1} mb={3}>
          <Text typography="h3">
            {session.user} on {session.db_service} ({databaseProtocolName(session.db_protocol)})
          </Text>
          <Text>
            As database user {session.db_user} on database {session.db_name}
          </Text>
          <Text color="text.muted">
            Started {displayDateTime(session.session_start)}
            {session.session_stop ? `, ended ${displayDateTime(session.session_stop)}` : ', still open'}
          </Text>
        </Flex>
      ) : null}
      <DataTable<Row>
        label="Statements"
        data={rows}
        rowKey={(r) => r.key}
        fetchStatus={loading ? 'loading' : ''}
        emptyText="No statements in this session"
        columns={[
          { key: 'offset_ms', headerText: 'At', noWrap: true, render: (r) => offsetText(r.offset_ms) },
          { key: 'time', headerText: 'Time', noWrap: true, render: (r) => displayDateTime(r.time) },
          { key: 'query', headerText: 'Statement', render: (r) => <Text mono>{r.query}</Text> },
          { key: 'parameters', headerText: 'Parameters', render: (r) => (r.parameters ?? []).join(', ') },
          {
            key: 'refused',
            headerText: '',
            render: (r) =>
              r.refused ? (
                <Label kind="danger" title={r.refused}>
                  Refused: {r.refused}
                </Label>
              ) : null,
          },
        ]}
      />
    </Box>
  );
}
