import { Button, Dialog, Text } from '@portcullis/design';
import type { FileTransferDecision, FileTransferRequest } from '@portcullis/shared';
import { useCallback, useState } from 'react';

export type FileTransferRequestDialogProps = {
  /** The request a moderator is asked about; the dialog is closed when there is none. */
  request?: FileTransferRequest;
  onDecide: (requestId: string, approved: boolean) => void;
  /** Closed without deciding: the request stays pending for another moderator, and the owner keeps waiting. */
  onDismiss: (requestId: string) => void;
};

/** What the request moves, in words: "alice wants to download /etc/hosts". */
export const describeRequest = ({ requester, download, location, filename }: FileTransferRequest) =>
  download ? `${requester ?? 'The owner'} wants to download ${location}` : `${requester ?? 'The owner'} wants to upload ${filename ?? 'a file'} to ${location}`;

/** A moderator's question about one file transfer in a moderated session: approve or deny it. */
export function FileTransferRequestDialog({ request, onDecide, onDismiss }: FileTransferRequestDialogProps) {
  const decide = (approved: boolean) => request?.requestId && onDecide(request.requestId, approved);
  return (
    <Dialog
      open={!!request}
      onClose={() => request?.requestId && onDismiss(request.requestId)}
      disableBackdropClose
      title="File transfer request"
      actions={
        <>
          <Button kind="primary" mr={3} onClick={() => decide(true)}>
            Approve
          </Button>
          <Button kind="warning" onClick={() => decide(false)}>
            Deny
          </Button>
        </>
      }
    >
      {request ? <Text typography="body2">{describeRequest(request)}</Text> : null}
    </Dialog>
  );
}

/**
 * The requests waiting for a decision, in the order they came: feed it the terminal's request and decision
 * messages; `current` is the one to show. A decision by any moderator removes it.
 */
export function useFileTransferRequests() {
  const [pending, setPending] = useState<FileTransferRequest[]>([]);
  const received = useCallback((request: FileTransferRequest) => setPending((all) => [...all, request]), []);
  const remove = useCallback((requestId: string) => setPending((all) => all.filter((r) => r.requestId !== requestId)), []);
  const decided = useCallback((decision: FileTransferDecision) => remove(decision.requestId), [remove]);
  return { current: pending[0], received, decided, dismiss: remove };
}
