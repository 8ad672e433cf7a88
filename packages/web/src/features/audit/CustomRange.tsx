import { Box, Field, Input } from '@portcullis/design';
import type { AuditRange } from './auditRange';

// datetime-local speaks local time without a zone: 2026-01-31T13:45.
const toLocalInput = (d: Date) =>
  new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** From and to of a custom audit range. */
export function CustomRange({
  range,
  onChange,
}: {
  range: AuditRange;
  onChange: (range: AuditRange) => void;
}) {
  const set = (edge: 'from' | 'to', text: string) => {
    const at = new Date(text);
    if (!Number.isNaN(at.getTime())) onChange({ ...range, preset: 'custom', [edge]: at });
  };
  return (
    <>
      {(['from', 'to'] as const).map((edge) => (
        <Box key={edge} ml={3} width={220}>
          <Field label={edge === 'from' ? 'From' : 'To'} mb={0}>
            {({ id }) => (
              <Input
                id={id}
                type="datetime-local"
                value={toLocalInput(range[edge])}
                onChange={(e) => set(edge, e.target.value)}
              />
            )}
          </Field>
        </Box>
      ))}
    </>
  );
}
