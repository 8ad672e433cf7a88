import { Alert, Banner, Box, Button, CodeBlock, CodeEditor, Flex, Text } from '@portcullis/design';
import { databaseProtocolName } from '@portcullis/shared';
import { useEffect, useReducer, useRef, useState } from 'react';
import { consoleReducer, type ConsoleState, initialConsole } from './consoleHistory';
import { DatabaseConsoleClient, type DatabaseSocket } from './databaseConsoleSocket';
import { StatementOutcome } from './StatementOutcome';

export interface DatabaseConsoleProps {
  /** The database's name, for the banner while connecting. */
  database: string;
  /** Opens the console's socket (openDatabaseConsoleSocket in an app, a stand-in in tests); called once. */
  connect: () => DatabaseSocket;
}

function ConnectionBanner({ database, state }: { database: string; state: ConsoleState }) {
  if (state.ending)
    return <Banner kind={state.ending.failed ? 'danger' : 'info'}>{state.ending.message}</Banner>;
  if (!state.session) return <Banner kind="info">Connecting to {database}…</Banner>;
  const { protocol, dbUser, dbName, sid } = state.session;
  return (
    <Banner kind="success">
      Connected to {database} ({databaseProtocolName(protocol)}) as {dbUser}, database {dbName}. Session {sid}
      .
    </Banner>
  );
}

/**
 * A query console on one database: type a statement, run it (the button or Ctrl/Cmd+Enter) and read the
 * answer under it; earlier statements and their answers stay above. The gateway checks and audits each one.
 */
export function DatabaseConsole({ database, connect }: DatabaseConsoleProps) {
  const [state, dispatch] = useReducer(consoleReducer, initialConsole);
  const [statement, setStatement] = useState('');
  const client = useRef<DatabaseConsoleClient | null>(null);
  const opening = useRef(connect);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opened = new DatabaseConsoleClient(opening.current(), {
      onMessage: (message) => dispatch({ type: 'message', message }),
      onUnreadable: (problem) => dispatch({ type: 'unreadable', problem }),
      onClose: (_code, reason) => dispatch({ type: 'closed', reason }),
    });
    client.current = opened;
    return () => {
      opened.dispose();
      client.current = null;
    };
  }, []);

  useEffect(() => {
    // jsdom has no scrolling; browsers bring the newest answer into view.
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [state.entries]);

  const ready = state.status === 'ready';
  const run = (text: string) => {
    const query = text.trim();
    if (!query || !client.current) return;
    const id = client.current.run(query);
    if (id === undefined) return;
    dispatch({ type: 'sent', id, query });
    setStatement('');
  };

  return (
    <Flex flexDirection="column" height="100%" minHeight={0}>
      <ConnectionBanner database={database} state={state} />
      <Box role="log" aria-label="Statements" flex="1" overflow="auto" p={3}>
        {state.entries.length === 0 && ready ? (
          <Text color="text.muted">Type a statement below and run it with Ctrl+Enter.</Text>
        ) : null}
        {state.entries.map((entry) => (
          <Box as="article" key={entry.id} aria-label={`Statement ${entry.id}`} mb={4}>
            <CodeBlock code={entry.query} copyLabel="Copy statement" />
            <Box mt={2}>
              <StatementOutcome outcome={entry.outcome} label={`Result of statement ${entry.id}`} />
            </Box>
          </Box>
        ))}
        <div ref={end} />
      </Box>
      <Box p={3} borderTop={1} borderColor="border">
        {state.status === 'closed' ? (
          <Alert kind="info">The console is closed. Reload the page to connect again.</Alert>
        ) : (
          <>
            <CodeEditor
              label="Statement"
              language="sql"
              value={statement}
              onChange={setStatement}
              onSubmit={run}
              height={120}
              readOnly={!ready}
            />
            <Flex alignItems="center" justifyContent="space-between" mt={2}>
              <Text typography="body3" color="text.muted">
                Ctrl+Enter (⌘+Enter on a Mac) runs the statement.
              </Text>
              <Button onClick={() => run(statement)} disabled={!ready || !statement.trim()}>
                Run
              </Button>
            </Flex>
          </>
        )}
      </Box>
    </Flex>
  );
}
