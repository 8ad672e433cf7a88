import type { Identity } from '../../platform/access/identity';
import { recordEvent, type EventName } from '../../management/audit/record';
import type { Store } from '../../platform/storage/store';
import { lockMessage, type LockChecks } from '../../management/locks/lock';
import { identitySubject, sessionSubject } from '../../management/locks/subject';
import type { Resource, ResourceKind } from './resource';

/** Someone may use `login` on `resource`: what opening a session or moving a file starts from. */
export interface Admission {
  kind: ResourceKind;
  resource: Resource;
  identity: Identity;
  login: string;
  remoteAddr: string;
}

/** Why not: `missing` when there is no such live resource, `denied` when the roles refuse (audited). */
export type Refusal = { refused: 'missing' | 'denied'; message: string };

export interface AdmitRequest {
  kind: ResourceKind;
  id: string;
  identity: Identity;
  login: string;
  remoteAddr: string;
  /** The audit event a refusal by the roles is written as (session.rejected, scp.disallowed …). */
  refusedEvent: EventName;
}

/**
 * The one admission check every way into a resource passes: the resource exists and is reachable, and the
 * user's roles allow the login there (the kind decides; deny wins), unless a lock covers it. A refusal is audited.
 * Per-session MFA follows admission (sessionMfa.ts), since it needs the client's answer.
 */
export async function admit(store: Store, request: AdmitRequest, locks: LockChecks): Promise<Admission | Refusal> {
  const { kind, identity, login, remoteAddr } = request;
  const resource = await kind.find(request.id);
  if (!resource) return { refused: 'missing', message: `${kind.name} ${request.id} was not found or is offline` };
  // A lock on the user, a role, an assumed request, the login or the node refuses before the roles are asked.
  const lock = locks.find(sessionSubject(identitySubject(identity), login, resource));
  const reason = lock ? lockMessage(lock) : kind.refusal(identity, resource, login);
  const admission = { kind, resource, identity, login, remoteAddr };
  if (!reason) return admission;
  return refuseAdmission(store, admission, request.refusedEvent, reason);
}

/** Refuses what was admitted so far (a second factor was then not given): audited as `event`, with the sentence the user reads. */
export async function refuseAdmission(store: Store, admission: Admission, event: EventName, reason: string): Promise<Refusal> {
  const { kind, resource, identity, login, remoteAddr } = admission;
  await recordEvent(store, event, {
    user: identity.user.name,
    login,
    server: resource.name,
    ...kind.auditFields(resource),
    reason,
    error: reason,
    'addr.remote': remoteAddr,
  });
  return { refused: 'denied', message: `access denied to ${login}@${resource.name}: ${reason}` };
}

export const isRefusal = (a: Admission | Refusal): a is Refusal => 'refused' in a;
