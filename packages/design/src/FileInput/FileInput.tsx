import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, type ButtonSize } from '../Button';
import { Flex } from '../Flex';
import { VisuallyHidden } from '../system';

export type FileInputProps = {
  /** The hidden input's id, so a Field's label opens the picker too. */
  id?: string;
  'aria-describedby'?: string;
  onChange: (files: File[]) => void;
  multiple?: boolean;
  /** File types to offer, as the input's accept attribute (".pem,text/plain"). */
  accept?: string;
  disabled?: boolean;
  /** The button's text; it should say what is being chosen. */
  buttonText?: string;
  size?: ButtonSize;
};

const Chosen = styled.span<{ $none: boolean }>`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-size: ${({ theme }) => theme.typography.body2.fontSize}px;
  color: ${({ theme, $none }) => ($none ? theme.colors.text.muted : theme.colors.text.main)};
`;

const chosenText = (files: File[]) =>
  files.length === 0 ? 'No file chosen' : files.map((f) => f.name).join(', ');

/**
 * A file picker that looks like the rest of the form: a Button that opens the browser's file dialog, and
 * the chosen files' names beside it (also read out as the button's description).
 */
export function FileInput({
  id,
  'aria-describedby': describedBy,
  onChange,
  multiple,
  accept,
  disabled,
  buttonText = multiple ? 'Choose files' : 'Choose a file',
  size = 'medium',
}: FileInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const chosenId = useId();
  const [files, setFiles] = useState<File[]>([]);
  return (
    <Flex alignItems="center" gap={2}>
      <Button
        kind="border"
        size={size}
        disabled={disabled}
        aria-describedby={[chosenId, describedBy].filter(Boolean).join(' ')}
        onClick={() => input.current?.click()}
      >
        {buttonText}
      </Button>
      <Chosen id={chosenId} $none={files.length === 0}>
        {chosenText(files)}
      </Chosen>
      {/* In the document rather than display: none, so a label pointing at it still opens the picker;
          the Button is what keyboard and pointer users reach. */}
      <VisuallyHidden
        as="input"
        ref={input}
        id={id}
        type="file"
        tabIndex={-1}
        aria-hidden
        multiple={multiple}
        accept={accept}
        disabled={disabled}
        onChange={(e) => {
          const picked = Array.from(e.target.files ?? []);
          setFiles(picked);
          onChange(picked);
        }}
      />
    </Flex>
  );
}
