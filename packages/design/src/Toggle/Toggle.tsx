import type { ReactNode } from 'react';
import styled, { type DefaultTheme } from 'styled-components';
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

// The knob sits inside the track with the same gap on every side, in both states: its size and its
// travel are derived from the track's, so changing one token cannot push it off-centre.
const trackWidth = (theme: DefaultTheme) => theme.space[6];
const trackHeight = (theme: DefaultTheme) => theme.space[4];
const knobInset = (theme: DefaultTheme) => theme.space[1] / 2;
const knobSize = (theme: DefaultTheme) => trackHeight(theme) - 2 * knobInset(theme);

const Track = styled.button`
  position: relative;
  flex: none;
  width: ${({ theme }) => trackWidth(theme)}px;
  height: ${({ theme }) => trackHeight(theme)}px;
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
  ${focusRing}
`;

const Knob = styled.span`
  position: absolute;
  top: ${({ theme }) => knobInset(theme)}px;
  left: ${({ theme }) => knobInset(theme)}px;
  width: ${({ theme }) => knobSize(theme)}px;
  height: ${({ theme }) => knobSize(theme)}px;
  border-radius: ${({ theme }) => theme.radius.pill}px;
  background: ${({ theme }) => theme.colors.levels.surface};
  transition: left ${({ theme }) => theme.durations.fade}ms;
  [aria-checked='true'] > & {
    left: ${({ theme }) => trackWidth(theme) - knobSize(theme) - knobInset(theme)}px;
  }
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
      >
        <Knob />
      </Track>
      {label}
    </Row>
  );
}
