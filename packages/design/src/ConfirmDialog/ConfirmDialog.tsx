import type { ReactNode } from 'react';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { Dialog } from '../Dialog';

export type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  /** The confirm button's text, e.g. "Delete user". */
  confirmText: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the action runs: the confirm button spins and the dialog cannot be dismissed by accident. */
  busy?: boolean;
  /** Why the last attempt failed, shown above the buttons. */
  error?: string;
  /** Danger by default; `primary` for confirmations that destroy nothing. */
  kind?: 'warning' | 'primary';
};

/** Asks before a consequential action: a warning-coloured confirm button, Cancel, and room for an error. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmText,
  onConfirm,
  onCancel,
  busy = false,
  error,
  kind = 'warning',
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={() => (busy ? undefined : onCancel())}
      disableBackdropClose={busy}
      title={title}
      actions={
        <>
          <Button kind={kind} loading={busy} onClick={onConfirm}>
            {confirmText}
          </Button>
          <Button kind="secondary" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
        </>
      }
    >
      {error ? (
        <Alert kind="danger" mb={3}>
          {error}
        </Alert>
      ) : null}
      {children}
    </Dialog>
  );
}
