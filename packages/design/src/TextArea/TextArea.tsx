import { forwardRef, type TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';
import { fieldBox } from '../Input/Input';
import { notSystemProp, systemProps, type SystemProps } from '../system';

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'color' | 'height' | 'width'> &
  SystemProps & { hasError?: boolean; mono?: boolean };

const StyledTextArea = styled.textarea.withConfig({ shouldForwardProp: notSystemProp })<
  SystemProps & { $error?: boolean; $mono?: boolean }
>`
  ${fieldBox}
  min-height: ${({ theme }) => theme.space[11] + theme.space[5]}px;
  padding: ${({ theme }) => theme.space[2]}px ${({ theme }) => theme.space[3]}px;
  resize: vertical;
  line-height: ${({ theme }) => theme.typography.body2.lineHeight};
  font-family: ${({ theme, $mono }) => ($mono ? theme.fonts.mono : 'inherit')};
  ${systemProps}
`;

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { hasError, mono, ...rest },
  ref,
) {
  return (
    <StyledTextArea ref={ref} $error={hasError} $mono={mono} aria-invalid={hasError || undefined} {...rest} />
  );
});
