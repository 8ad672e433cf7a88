import { ConfirmDialog, Text } from '@portcullis/design';
import type { ReactNode } from 'react';
import { useAttempt } from '../useAttempt';

/** Asks before deleting, runs the delete, and keeps the server's refusal in the dialog. */
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
    <ConfirmDialog
      open
      title={title}
      confirmText={confirmText}
      onConfirm={() => void run(onConfirm)}
      onCancel={onClose}
      busy={busy}
      error={error}
    >
      <Text>{children}</Text>
    </ConfirmDialog>
  );
}
