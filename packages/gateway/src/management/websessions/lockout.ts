import type { User } from '../../platform/storage/repos/users';
import type { Store } from '../../platform/storage/store';
import { recordEvent } from '../audit/record';

/** After this many failed logins in a row the account is locked. */
export const maxFailedLogins = 5;
/** How long a lockout lasts. */
export const lockoutMs = 30 * 60_000;

export const isLockedOut = (user: Pick<User, 'lockedUntil'>, now: number) => user.lockedUntil !== null && user.lockedUntil > now;

/**
 * Counts one more failure in a row (a wrong password, second factor or recovery code), locking the account
 * and auditing the lock at the limit. Pass the transaction that audits the failure.
 */
export async function countFailure(tx: Store, username: string, now: number): Promise<void> {
  const failures = await tx.users.addFailedLogin(username);
  if (failures >= maxFailedLogins) {
    const lockedUntil = now + lockoutMs;
    await tx.users.update(username, { failedLogins: 0, lockedUntil });
    await recordEvent(tx, 'USER_LOGIN_LOCKED', { user: username, locked_until: new Date(lockedUntil).toISOString(), attempts: failures }, now);
  }
}

/** What a locked-out user is told where the answer may say so (not at the password prompt, which says nothing). */
export const lockedOutMessage = (user: Pick<User, 'lockedUntil'>) =>
  `too many failed attempts in a row: this account is locked until ${new Date(user.lockedUntil!).toISOString()}, or until an administrator resets its password`;
