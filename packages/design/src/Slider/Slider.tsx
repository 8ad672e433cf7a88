import styled, { css } from 'styled-components';

export type SliderProps = {
  value: number;
  min?: number;
  max: number;
  step?: number;
  /** Fires while dragging as well as on keyboard changes. */
  onChange: (value: number) => void;
  'aria-label': string;
  /** Text for screen readers instead of the raw number, e.g. "1:05 of 3:20". */
  valueText?: string;
  disabled?: boolean;
  /** Drawn as a lighter track up to this value, e.g. how much of a recording has loaded. */
  buffered?: number;
};

const thumb = css`
  width: ${({ theme }) => theme.space[3]}px;
  height: ${({ theme }) => theme.space[3]}px;
  border: none;
  border-radius: ${({ theme }) => theme.radius.pill}px;
  background: ${({ theme }) => theme.colors.brand};
  cursor: pointer;
`;

// A native range input: arrows, Home/End and PageUp/PageDown come with it. The track is painted as
// a gradient: played, then buffered, then the rest.
const Range = styled.input<{ $played: number; $buffered: number }>`
  appearance: none;
  width: 100%;
  height: ${({ theme }) => theme.space[1]}px;
  margin: ${({ theme }) => theme.space[2]}px 0;
  border-radius: ${({ theme }) => theme.radius.pill}px;
  background: ${({ theme, $played, $buffered }) =>
    `linear-gradient(to right, ${theme.colors.brand} 0 ${$played}%, ${theme.colors.borderStrong} ${$played}% ${$buffered}%, ${theme.colors.border} ${$buffered}% 100%)`};
  cursor: pointer;
  &::-webkit-slider-thumb {
    appearance: none;
    ${thumb}
  }
  &::-moz-range-thumb {
    ${thumb}
  }
  &:focus-visible {
    outline: ${({ theme }) => theme.sizes.focusRing}px solid ${({ theme }) => theme.colors.focus};
    outline-offset: ${({ theme }) => theme.space[1]}px;
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

const percent = (v: number, min: number, max: number) =>
  max === min ? 0 : Math.min(100, Math.max(0, ((v - min) / (max - min)) * 100));

/** A horizontal range control, e.g. a session player's seek bar. */
export function Slider({
  value,
  min = 0,
  max,
  step = 1,
  onChange,
  valueText,
  disabled,
  buffered,
  ...aria
}: SliderProps) {
  const played = percent(value, min, max);
  return (
    <Range
      type="range"
      min={min}
      max={max}
      step={step}
      value={value}
      disabled={disabled}
      aria-label={aria['aria-label']}
      aria-valuetext={valueText}
      $played={played}
      $buffered={Math.max(played, percent(buffered ?? value, min, max))}
      onChange={(e) => onChange(Number(e.target.value))}
    />
  );
}
