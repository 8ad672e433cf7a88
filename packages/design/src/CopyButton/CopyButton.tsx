import { useEffect, useState } from 'react';
import { useTheme } from 'styled-components';
import { ButtonIcon } from '../ButtonIcon';
import { Icons } from '../Icon';
import { VisuallyHidden } from '../system';

export type CopyButtonProps = {
  /** The text put on the clipboard. */
  value: string;
  /** What is copied, for the button's name: "Copy token". */
  label?: string;
};

/** Copies a value to the clipboard and confirms with a tick for a moment. */
export function CopyButton({ value, label = 'Copy' }: CopyButtonProps) {
  const theme = useTheme();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), theme.durations.copied);
    return () => clearTimeout(timer);
  }, [copied, theme.durations.copied]);
  return (
    <>
      <ButtonIcon
        icon={copied ? Icons.Check : Icons.Copy}
        aria-label={copied ? 'Copied' : label}
        size="small"
        onClick={() => navigator.clipboard.writeText(value).then(() => setCopied(true))}
      />
      <VisuallyHidden role="status">{copied ? 'Copied to clipboard' : ''}</VisuallyHidden>
    </>
  );
}
