import type { FileTransferDecision, FileTransferRequest } from '@portcullis/shared';
import type { FileTransferSpec } from '../terminal/TerminalEngine';

export const deniedMessage = 'The moderator denied the file transfer';

interface Waiting {
  spec: FileTransferSpec;
  requestId?: string;
  resolve: (requestId: string) => void;
  reject: (error: Error) => void;
}

const sameTransfer = (a: FileTransferSpec, b: FileTransferSpec) => a.download === b.download && a.location === b.location && (a.filename ?? '') === (b.filename ?? '');

/**
 * The owner's side of file transfers in a moderated session: asks through the session's terminal and waits for
 * a moderator. The gateway names the request in its reply (the requester does not choose the id), so a reply is
 * matched to the oldest waiting request for the same transfer; the decision then settles it by id.
 */
export class TransferApprovals {
  private readonly waiting: Waiting[] = [];
  private send?: (spec: FileTransferSpec) => void;

  /** Where requests go: the terminal engine of the session, once it is open. */
  connect(send: ((spec: FileTransferSpec) => void) | undefined): void {
    this.send = send;
  }

  /** Asks for `spec`; resolves with the request's id once a moderator approves, rejects when denied or cancelled. */
  approval(spec: FileTransferSpec, signal?: AbortSignal): Promise<string> {
    return new Promise((resolve, reject) => {
      if (!this.send) return reject(new Error('The session is not open, so the moderators cannot be asked.'));
      const entry: Waiting = { spec, resolve, reject };
      this.waiting.push(entry);
      signal?.addEventListener('abort', () => {
        this.drop(entry);
        reject(new DOMException('The transfer was cancelled.', 'AbortError'));
      });
      this.send(spec);
    });
  }

  /** The gateway told every party about a request: ours gets its id. */
  received(request: FileTransferRequest): void {
    const entry = this.waiting.find((w) => !w.requestId && sameTransfer(w.spec, request));
    if (entry && request.requestId) entry.requestId = request.requestId;
  }

  decided({ requestId, approved }: FileTransferDecision): void {
    const entry = this.waiting.find((w) => w.requestId === requestId);
    if (!entry) return;
    this.drop(entry);
    if (approved) entry.resolve(requestId);
    else entry.reject(new Error(deniedMessage));
  }

  private drop(entry: Waiting): void {
    const index = this.waiting.indexOf(entry);
    if (index >= 0) this.waiting.splice(index, 1);
  }
}
