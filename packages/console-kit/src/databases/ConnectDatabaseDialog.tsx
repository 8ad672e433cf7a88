import { Box, Button, CodeBlock, Dialog, Field, FieldInput, Select, Text } from '@portcullis/design';
import type { Database } from '@portcullis/shared';
import { useState } from 'react';
import {
  type Choices,
  connectCommand,
  hasQueryConsole,
  nameChoices,
  proxyCommand,
  userChoices,
} from './connectChoices';

/** Whom to connect as and to which of the database's databases. */
export interface DatabaseLogin {
  dbUser: string;
  dbName: string;
}

export interface ConnectDatabaseDialogProps {
  database: Database;
  onClose: () => void;
  /** Opens the browser's query console (a new tab in the web console); without it the dialog offers none. */
  onOpenConsole?: (login: DatabaseLogin) => void;
}

/** A pick among the values the roles allow, or a text field where they allow any ('*' or none listed). */
function ChoiceField({
  label,
  choices,
  value,
  onChange,
}: {
  label: string;
  choices: Choices;
  value: string;
  onChange: (v: string) => void;
}) {
  if (choices.free && choices.values.length === 0)
    return <FieldInput label={label} value={value} onChange={onChange} />;
  return (
    <Field label={label} helperText={choices.free ? 'Pick one, or type another your roles allow' : undefined}>
      {({ id, describedBy }) => (
        <Select
          id={id}
          aria-describedby={describedBy}
          value={value || null}
          onChange={onChange}
          isCreatable={choices.free}
          options={choices.values.map((v) => ({ value: v, label: v }))}
        />
      )}
    </Field>
  );
}

/** How to reach a database: the command lines for a local client, and the browser's query console where there is one. */
export function ConnectDatabaseDialog({ database, onClose, onOpenConsole }: ConnectDatabaseDialogProps) {
  const users = userChoices(database);
  const names = nameChoices(database);
  const [dbUser, setDbUser] = useState(users.initial);
  const [dbName, setDbName] = useState(names.initial);
  const chosen = dbUser.trim() !== '' && dbName.trim() !== '';
  const withConsole = onOpenConsole && hasQueryConsole(database);

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Connect to ${database.name}`}
      width={680}
      actions={
        <>
          {withConsole ? (
            <Button
              disabled={!chosen}
              onClick={() => onOpenConsole({ dbUser: dbUser.trim(), dbName: dbName.trim() })}
            >
              Open query console
            </Button>
          ) : null}
          <Button kind="secondary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <Box display="grid" gridTemplateColumns="1fr 1fr" gridColumnGap={3}>
        <ChoiceField label="Database user" choices={users} value={dbUser} onChange={setDbUser} />
        <ChoiceField
          label={database.protocol === 'redis' ? 'Database number' : 'Database name'}
          choices={names}
          value={dbName}
          onChange={setDbName}
        />
      </Box>
      <Text mb={2}>Connect with your own client, once signed in with portcullis login:</Text>
      <CodeBlock
        code={connectCommand(database, dbUser.trim(), dbName.trim())}
        copyLabel="Copy connect command"
      />
      <Text mt={3} mb={2}>
        Or open a local port for any client:
      </Text>
      <CodeBlock code={proxyCommand(database, dbUser.trim(), dbName.trim())} copyLabel="Copy proxy command" />
      <Text mt={2} typography="body3" color="text.muted">
        Then point the client at 127.0.0.1 on that port.
      </Text>
    </Dialog>
  );
}
