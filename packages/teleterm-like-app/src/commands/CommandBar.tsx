import { Box, Input, Text } from '@portcullis/design';
import { type FormEvent, forwardRef, useState } from 'react';
import { parseCommand } from './parseCommand';
import type { CommandOutcome } from './runCommand';

export interface CommandBarProps {
  run: (command: NonNullable<ReturnType<typeof parseCommand>>) => Promise<CommandOutcome>;
  onOutcome: (outcome: Extract<CommandOutcome, { open: unknown }>) => void;
  /** The text it starts with (stories). */
  defaultValue?: string;
}

export const commandBarPlaceholder = 'ssh login@host · db connect NAME --db-user USER · or search';

/** The workspace's one-line command input; its ref is the input, which Ctrl+K focuses. */
export const CommandBar = forwardRef<HTMLInputElement, CommandBarProps>(function CommandBar(
  { run, onOutcome, defaultValue = '' },
  ref,
) {
  const [line, setLine] = useState(defaultValue);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const command = parseCommand(line);
    if (!command || busy) return;
    setBusy(true);
    const outcome = await run(command);
    setBusy(false);
    if ('error' in outcome) {
      setError(outcome.error);
      return;
    }
    setError('');
    setLine('');
    onOutcome(outcome);
  };

  return (
    <Box
      as="form"
      role="search"
      position="relative"
      flex="1"
      maxWidth="cardWidth"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Input
        ref={ref}
        aria-label="Command"
        aria-describedby={error ? 'command-error' : undefined}
        placeholder={commandBarPlaceholder}
        value={line}
        onChange={(e) => setLine(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') e.currentTarget.blur();
        }}
        size="small"
        hasError={Boolean(error)}
        aria-busy={busy}
      />
      {error ? (
        <Text id="command-error" role="alert" typography="body3" color="danger.text" position="absolute">
          {error}
        </Text>
      ) : null}
    </Box>
  );
});
