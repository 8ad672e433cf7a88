import type { ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing } from '../system';

export type ToggleProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  disabled?: boolean;
};

const Row = styled.label<{ $disabled?: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]}px;
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  // Muted rather than the disabled grey: axe does not count a label wrapping a disabled switch as disabled.
  color: ${({ theme, $disabled }) => ($disabled ? theme.colors.text.muted : theme.colors.text.main)};
`;

const Track = styled.button`
  position: relative;
  flex: none;
  width: ${({ theme }) => theme.space[6]}px;
  height: ${({ theme }) => theme.space[4]}px;
  padding: 0;
  border: none;
  border-radius: ${({ theme }) => theme.radius.pill}px;
  background: ${({ theme }) => theme.colors.borderStrong};
  cursor: inherit;
  transition: background ${({ theme }) => theme.durations.fade}ms;
  &[aria-checked='true'] {
    background: ${({ theme }) => theme.colors.brand};
  }
  &:disabled {
    background: ${({ theme }) => theme.colors.buttons.disabled.background};
  }
  &::after {
    content: '';
    position: absolute;
    top: ${({ theme }) => theme.space[1] / 2}px;
    left: ${({ theme }) => theme.space[1] / 2}px;
    width: ${({ theme }) => theme.space[3] - theme.space[1]}px;
    height: ${({ theme }) => theme.space[3] - theme.space[1]}px;
    border-radius: ${({ theme }) => theme.radius.pill}px;
    background: ${({ theme }) => theme.colors.levels.surface};
    transition: transform ${({ theme }) => theme.durations.fade}ms;
  }
  &[aria-checked='true']::after {
    transform: translateX(${({ theme }) => theme.space[6] - theme.space[3]}px);
  }
  ${focusRing}
`;

/** An on/off switch (role switch), for settings that apply at once. */
export function Toggle({ checked, onChange, label, disabled }: ToggleProps) {
  return (
    <Row $disabled={disabled}>
      <Track
        type="button"
        role="switch"
        aria-checked={checked}
        disabled={disabled}
        onClick={() => onChange(!checked)}
      />
      {label}
    </Row>
  );
}
