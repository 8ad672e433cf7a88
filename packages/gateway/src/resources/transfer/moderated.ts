import type { Store } from '../../platform/storage/store';
import { refuseAdmission, type Admission, type Refusal } from '../core/admit';
import { moderationPolicies } from '../core/moderation';
import type { TransferSpec } from '../core/moderationTransfers';
import type { SessionCore } from '../core/sessionCore';

/** The scp route's query fields that name a moderated session and its approved request. */
export interface ModeratedTransferQuery {
  moderatedSessionId?: string;
  fileTransferRequestId?: string;
}

const needsApproval = "file transfers in a moderated session need a moderator's approval";

/**
 * Why a transfer is refused for want of a moderator's approval, audited as scp.disallowed; undefined when the
 * caller's roles moderate no session of this kind (nothing changes then) or it names an approved request.
 * Without a session, a user whose sessions are moderated could otherwise move files that no one approved.
 */
export async function moderatedTransferRefusal(
  store: Store,
  core: SessionCore,
  admission: Admission,
  query: ModeratedTransferQuery,
  spec: TransferSpec,
): Promise<Refusal | undefined> {
  const { identity, kind, resource, login } = admission;
  if (!moderationPolicies(identity.roles, kind.sessionKind).length) return undefined;
  const user = identity.user.name;
  const { moderatedSessionId: sid, fileTransferRequestId: requestId } = query;
  let reason: string | undefined;
  if (!sid || !requestId) {
    reason = `${needsApproval}: ask for the transfer from your terminal on ${resource.name}, then send moderatedSessionId and fileTransferRequestId`;
  } else {
    const live = core.liveSession(sid);
    const s = live?.session;
    if (!live || !s || s.owner !== user || s.resource.id !== resource.id || s.login !== login) {
      reason = `${needsApproval}: session ${sid} is not your running session on ${resource.name} as ${login}`;
    } else {
      const why = live.useTransferApproval(requestId, user, spec);
      reason = why && `${needsApproval}: ${why}`;
    }
  }
  return reason ? refuseAdmission(store, admission, 'SCP_DISALLOWED', reason) : undefined;
}
