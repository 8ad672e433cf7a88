import { Box, DateRangeInput } from '@portcullis/design';
import { displayDate } from '@portcullis/shared';
import { type AuditRange, customRange } from './auditRange';

/** From and to days of a custom audit range, both included. */
export function CustomRange({
  range,
  onChange,
}: {
  range: AuditRange;
  onChange: (range: AuditRange) => void;
}) {
  return (
    <Box ml={3} width={360}>
      <DateRangeInput
        value={{ from: displayDate(range.from), to: displayDate(range.to) }}
        max={displayDate(new Date())}
        onChange={(days) => {
          const next = customRange(days.from, days.to);
          if (next) onChange(next);
        }}
      />
    </Box>
  );
}
