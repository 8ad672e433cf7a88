import { forbidden } from '../../platform/access/errors';
import type { Store } from '../../platform/storage/store';
import type { User } from '../../platform/storage/repos/users';
import { recordEvent } from '../audit/record';
import type { RoleSet } from '../roles/roleset';
import { lockMessage, type LockChecks } from './lock';
import { userSubject } from './subject';

export interface SignInAttempt {
  remoteAddr: string;
  method: string;
  /** Set when the user proved who they are through a single sign-on connector. */
  sso?: { connector: string } | undefined;
}

/**
 * Refuses a sign-in whose user, or one of whose roles, is locked: checked once the credentials are proven, so
 * the lock's message tells nobody anything a wrong password would not. Audited as a failed login; throws the 403.
 */
export async function refuseLockedSignIn(store: Store, locks: LockChecks | undefined, user: User, roles: RoleSet, attempt: SignInAttempt, now: number): Promise<void> {
  const lock = locks?.find(userSubject(user, roles));
  if (!lock) return;
  const error = lockMessage(lock);
  const common = { user: user.name, method: attempt.method, error, success: false, 'addr.remote': attempt.remoteAddr };
  if (attempt.sso) await recordEvent(store, 'USER_SSO_LOGINFAILURE', { ...common, connector: attempt.sso.connector }, now);
  else await recordEvent(store, 'USER_LOCAL_LOGINFAILURE', common, now);
  throw forbidden(error);
}
