import { randomUUID } from 'node:crypto';

/** What a file transfer moves: the same fields the scp route takes, so an approval matches one exact transfer. */
export interface TransferSpec {
  download: boolean;
  location: string;
  filename?: string;
}

export interface TransferRequest extends TransferSpec {
  id: string;
  requester: string;
  state: 'pending' | 'approved' | 'denied' | 'used';
}

/** At most this many requests are kept per session: a busy browser cannot grow the gateway's memory. */
const maxRequests = 100;

/**
 * The file-transfer requests of one moderated session. A moderator decides each once; an approved request lets
 * exactly one transfer with the same direction, location and filename through, and is then used up.
 */
export class TransferApprovals {
  private readonly requests = new Map<string, TransferRequest>();

  /** Records a request and gives it its id. */
  request(requester: string, spec: TransferSpec): TransferRequest {
    if (this.requests.size >= maxRequests) this.requests.delete(this.requests.keys().next().value as string);
    const request: TransferRequest = { id: randomUUID(), requester, download: spec.download, location: spec.location, ...(spec.filename ? { filename: spec.filename } : {}), state: 'pending' };
    this.requests.set(request.id, request);
    return request;
  }

  /** The requests no moderator has decided yet, oldest first. */
  pending(): TransferRequest[] {
    return [...this.requests.values()].filter((r) => r.state === 'pending');
  }

  /** Decides a pending request; a sentence saying why not when there is none by that id waiting. */
  decide(id: string, approved: boolean): TransferRequest | { error: string } {
    const request = this.requests.get(id);
    if (!request) return { error: `there is no file transfer request ${id} in this session` };
    if (request.state !== 'pending') return { error: `file transfer request ${id} was already ${request.state === 'denied' ? 'denied' : 'approved'}` };
    request.state = approved ? 'approved' : 'denied';
    return request;
  }

  /**
   * Uses up the approval of request `id` for this transfer by `requester`: undefined when it was approved for
   * exactly this transfer (and is now used), else why not, for the refusal the requester reads.
   */
  use(id: string, requester: string, spec: TransferSpec): string | undefined {
    const request = this.requests.get(id);
    if (!request || request.requester !== requester) return `there is no file transfer request ${id} of yours in this session`;
    if (request.state === 'pending') return `file transfer request ${id} is still waiting for a moderator`;
    if (request.state === 'denied') return `a moderator denied file transfer request ${id}`;
    if (request.state === 'used') return `file transfer request ${id} was already used`;
    const same = request.download === spec.download && request.location === spec.location && (request.filename ?? '') === (spec.filename ?? '');
    if (!same) return `file transfer request ${id} was approved for ${describe(request)}, not this transfer`;
    request.state = 'used';
    return undefined;
  }
}

const describe = (r: TransferSpec) => (r.download ? `downloading ${r.location}` : `uploading ${r.filename ?? ''} to ${r.location}`);
