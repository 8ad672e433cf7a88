import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styled from 'styled-components';
import { Choice } from '../Checkbox/Checkbox';

export type RadioProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size'> & { label: ReactNode };

export const Radio = forwardRef<HTMLInputElement, RadioProps>(function Radio(
  { label, disabled, ...rest },
  ref,
) {
  return (
    <Choice $disabled={disabled}>
      <input ref={ref} type="radio" disabled={disabled} {...rest} />
      {label}
    </Choice>
  );
});

export type RadioGroupProps<T extends string> = {
  label: string;
  options: { value: T; label: ReactNode; disabled?: boolean }[];
  value: T | undefined;
  onChange: (value: T) => void;
  /** Lay the options out in a row instead of a column. */
  inline?: boolean;
};

const Group = styled.fieldset<{ $inline?: boolean }>`
  display: flex;
  flex-direction: ${({ $inline }) => ($inline ? 'row' : 'column')};
  gap: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[4]}px;
  margin: 0;
  padding: 0;
  border: none;
  & > legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space[1]}px;
    font-weight: ${({ theme }) => theme.fontWeights.medium};
    color: ${({ theme }) => theme.colors.text.slightlyMuted};
  }
`;

/** A labelled set of radios; arrow keys move between them, as the browser does for a shared name. */
export function RadioGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  inline,
}: RadioGroupProps<T>) {
  const name = useId();
  return (
    <Group $inline={inline}>
      <legend>{label}</legend>
      {options.map((o) => (
        <Radio
          key={o.value}
          name={name}
          value={o.value}
          label={o.label}
          disabled={o.disabled}
          checked={value === o.value}
          onChange={() => onChange(o.value)}
        />
      ))}
    </Group>
  );
}
