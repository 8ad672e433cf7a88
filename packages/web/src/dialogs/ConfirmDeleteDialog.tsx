import { Alert, Button, Dialog, Text } from '@portcullis/design';
import type { ReactNode } from 'react';
import { useAttempt } from '../useAttempt';

/** Asks before deleting; the server's refusal stays in the dialog. (A candidate for design's ConfirmDialog.) */
export function ConfirmDeleteDialog({
  title,
  confirmText,
  children,
  onConfirm,
  onClose,
}: {
  title: string;
  confirmText: string;
  children: ReactNode;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { busy, error, run } = useAttempt();
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      actions={
        <>
          <Button kind="warning" loading={busy} onClick={() => void run(onConfirm)}>
            {confirmText}
          </Button>
          <Button kind="secondary" onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      {error ? <Alert>{error}</Alert> : null}
      <Text>{children}</Text>
    </Dialog>
  );
}
