import { useEffect, useState } from 'react';
import styled, { keyframes, useTheme } from 'styled-components';

export type IndicatorDelay = 'none' | 'short' | 'long';

export type IndicatorProps = {
  /** Waits none, 400 ms (short) or 600 ms (long) before showing, so quick loads never flash. */
  delay?: IndicatorDelay;
  size?: 'small' | 'medium' | 'large';
  label?: string;
};

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: ${({ theme }) => theme.borderWidths[2] * 2}px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.brand};
  border-radius: ${({ theme }) => theme.radius.pill}px;
  animation: ${spin} 0.8s linear infinite;
`;

/** The loading spinner. */
export function Indicator({ delay = 'short', size = 'medium', label = 'Loading' }: IndicatorProps) {
  const theme = useTheme();
  const wait = theme.durations.spinnerDelay[delay];
  const [visible, setVisible] = useState(wait === 0);
  useEffect(() => {
    if (wait === 0) return;
    const timer = setTimeout(() => setVisible(true), wait);
    return () => clearTimeout(timer);
  }, [wait]);
  if (!visible) return null;
  return <Ring role="status" aria-label={label} $size={theme.iconSizes[size]} />;
}
