import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing } from '../system';

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'size'> & {
  label: ReactNode;
};

/** Native checkbox and radio inputs keep their keyboard and form behaviour; only the colour changes. */
export const Choice = styled.label<{ $disabled?: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  min-height: ${({ theme }) => theme.space[6]}px;
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  color: ${({ theme, $disabled }) => ($disabled ? theme.colors.text.disabled : theme.colors.text.main)};
  & > input {
    width: ${({ theme }) => theme.space[3]}px;
    height: ${({ theme }) => theme.space[3]}px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.brand};
    cursor: inherit;
    ${focusRing}
  }
`;

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, disabled, ...rest },
  ref,
) {
  return (
    <Choice $disabled={disabled}>
      <input ref={ref} type="checkbox" disabled={disabled} {...rest} />
      {label}
    </Choice>
  );
});
