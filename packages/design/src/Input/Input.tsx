import { forwardRef, type InputHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { notSystemProp, systemProps, type SystemProps } from '../system';

export type InputSize = 'small' | 'medium' | 'large';

export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'color' | 'height' | 'width'> &
  SystemProps & {
    size?: InputSize;
    hasError?: boolean;
  };

/** Shared by Input, TextArea and Select's control so every text box looks alike. */
export const fieldBox = css<{ $error?: boolean }>`
  width: 100%;
  border: ${({ theme }) => theme.borderWidths[1]}px solid
    ${({ theme, $error }) => ($error ? theme.colors.danger.main : theme.colors.borderStrong)};
  border-radius: ${({ theme }) => theme.radius.medium}px;
  background: ${({ theme }) => theme.colors.levels.surface};
  color: ${({ theme }) => theme.colors.text.main};
  font-size: ${({ theme }) => theme.typography.body2.fontSize}px;
  padding: 0 ${({ theme }) => theme.space[3]}px;
  &::placeholder {
    color: ${({ theme }) => theme.colors.text.muted};
  }
  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.colors.text.slightlyMuted};
  }
  &:focus-visible {
    outline: none;
    border-color: ${({ theme }) => theme.colors.focus};
    box-shadow: ${({ theme }) => `${theme.shadows.focus} ${theme.colors.focus}`};
  }
  &:disabled {
    cursor: not-allowed;
    color: ${({ theme }) => theme.colors.text.disabled};
    background: ${({ theme }) => theme.colors.levels.sunken};
  }
`;

const StyledInput = styled.input.withConfig({ shouldForwardProp: notSystemProp })<
  SystemProps & { $size: InputSize; $error?: boolean }
>`
  ${fieldBox}
  height: ${({ theme, $size }) => theme.sizes.inputHeight[$size]}px;
  ${systemProps}
`;

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { size = 'medium', hasError, ...rest },
  ref,
) {
  return (
    <StyledInput ref={ref} $size={size} $error={hasError} aria-invalid={hasError || undefined} {...rest} />
  );
});
