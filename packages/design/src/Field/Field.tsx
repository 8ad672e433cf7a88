import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Box } from '../Box';
import type { SystemProps } from '../system';

export type FieldProps = SystemProps & {
  label: string;
  /** Render the control with the ids the label, help and error text point at. */
  children: (ids: { id: string; describedBy: string | undefined; hasError: boolean }) => ReactNode;
  helperText?: ReactNode;
  error?: string;
  required?: boolean;
};

const Label = styled.label`
  display: block;
  margin-bottom: ${({ theme }) => theme.space[1]}px;
  font-size: ${({ theme }) => theme.typography.subtitle2.fontSize}px;
  font-weight: ${({ theme }) => theme.typography.subtitle2.fontWeight};
  color: ${({ theme }) => theme.colors.text.slightlyMuted};
`;

const Note = styled.div<{ $error?: boolean }>`
  margin-top: ${({ theme }) => theme.space[1]}px;
  font-size: ${({ theme }) => theme.typography.body3.fontSize}px;
  line-height: ${({ theme }) => theme.typography.body3.lineHeight};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger.text : theme.colors.text.muted)};
`;

/** Label above, control, then helper or error text below, wired up for screen readers. */
export function Field({ label, children, helperText, error, required, ...box }: FieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? helperText;
  return (
    <Box mb={4} {...box}>
      <Label htmlFor={id}>
        {label}
        {required ? ' *' : null}
      </Label>
      {children({ id, describedBy: note ? noteId : undefined, hasError: Boolean(error) })}
      {note ? (
        <Note id={noteId} $error={Boolean(error)} role={error ? 'alert' : undefined}>
          {note}
        </Note>
      ) : null}
    </Box>
  );
}
