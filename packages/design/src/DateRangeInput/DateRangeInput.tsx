import styled from 'styled-components';
import { Field } from '../Field';
import { Input } from '../Input';

/** Dates as yyyy-mm-dd, the format of native date inputs. */
export type DateRange = { from: string; to: string };

export type DateRangeInputProps = {
  value: DateRange;
  onChange: (value: DateRange) => void;
  fromLabel?: string;
  toLabel?: string;
  /** Latest selectable day, e.g. today. */
  max?: string;
};

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[3]}px;
  & > * {
    flex: 1;
  }
`;

/** Two native date inputs; the end cannot come before the start. */
export function DateRangeInput({
  value,
  onChange,
  fromLabel = 'From',
  toLabel = 'To',
  max,
}: DateRangeInputProps) {
  const error =
    value.from && value.to && value.to < value.from ? 'The end date is before the start date' : undefined;
  return (
    <Row>
      <Field label={fromLabel}>
        {({ id }) => (
          <Input
            id={id}
            type="date"
            value={value.from}
            max={value.to || max}
            onChange={(e) => onChange({ ...value, from: e.target.value })}
          />
        )}
      </Field>
      <Field label={toLabel} error={error}>
        {({ id, describedBy, hasError }) => (
          <Input
            id={id}
            type="date"
            value={value.to}
            min={value.from}
            max={max}
            hasError={hasError}
            aria-describedby={describedBy}
            onChange={(e) => onChange({ ...value, to: e.target.value })}
          />
        )}
      </Field>
    </Row>
  );
}
