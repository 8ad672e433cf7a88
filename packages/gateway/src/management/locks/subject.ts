import type { Identity } from '../../platform/access/identity';
import type { User } from '../../platform/storage/repos/users';
import type { RoleSet } from '../roles/roleset';
import { lockMessage, type LockChecks, type LockSubject } from './lock';

/** What locks see of a user signing in: their name and every role that applies (their own, and assumed ones, resource-restricted included). */
export function userSubject(user: User, roles: RoleSet): LockSubject {
  const applied = [...roles.roles, ...roles.restricted.map((r) => r.role)].map((r) => r.metadata.name);
  return { user: user.name, role: [...new Set([...user.roles, ...applied])] };
}

/** What locks see of a signed-in identity: the user and roles, and the access requests the web session assumed. */
export function identitySubject(identity: Identity): LockSubject {
  const { roles, session } = identity;
  return { ...userSubject(identity.user, roles), access_request: [...new Set([...session.accessRequestIds, ...roles.assumedRequestIds])] };
}

/** A session's subject: its owner's, with the login it runs as and, for a node, the node's id and name. */
export function sessionSubject(owner: LockSubject, login: string, resource: { kind: string; id: string; name: string }): LockSubject {
  return { ...owner, login, ...(resource.kind === 'node' ? { node: [resource.id, resource.name] } : {}) };
}

/** Marks an identity a lock in force covers with that lock's message, which `authorize` then refuses it with on every guarded route. */
export function markLocked(identity: Identity | undefined, locks: LockChecks): Identity | undefined {
  const lock = identity && locks.find(identitySubject(identity));
  return lock ? { ...identity, lockedBecause: lockMessage(lock) } : identity;
}
