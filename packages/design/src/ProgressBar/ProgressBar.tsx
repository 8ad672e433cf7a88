import styled from 'styled-components';

export type ProgressBarProps = {
  /** From 0 to 1. */
  value: number;
  label: string;
  kind?: 'brand' | 'success' | 'danger';
};

const Track = styled.div`
  width: 100%;
  height: ${({ theme }) => theme.space[2]}px;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.pill}px;
  background: ${({ theme }) => theme.colors.border};
`;

const Fill = styled.div<{ $kind: 'brand' | 'success' | 'danger' }>`
  height: 100%;
  background: ${({ theme, $kind }) => ($kind === 'brand' ? theme.colors.brand : theme.colors[$kind].main)};
  transition: width ${({ theme }) => theme.durations.fade}ms;
`;

/** How far along a transfer or task is. */
export function ProgressBar({ value, label, kind = 'brand' }: ProgressBarProps) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <Track
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <Fill $kind={kind} style={{ width: `${percent}%` }} />
    </Track>
  );
}
