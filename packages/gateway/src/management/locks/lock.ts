import { lockTargetKinds, type LockTargetKind, type LockTargets } from '@portcullis/shared';

/** A lock as the gateway keeps it: what it targets, why, and until when. */
export interface StoredLock {
  /** The lock's id, a UUID. */
  name: string;
  targets: LockTargets;
  message: string;
  /** Milliseconds since the epoch; null for a lock that holds until it is removed. */
  expiresAt: number | null;
  createdAt: number;
  createdBy: string;
}

/**
 * Who or what is asking, as locks see it: every value a target of that kind could name. A sign-in knows only
 * the user and roles; opening a session adds the login and the node (its id and its name).
 */
export type LockSubject = Partial<Record<LockTargetKind, string | readonly string[]>>;

/** What the rest of the gateway asks of locks: the lock in force covering a subject, if any. */
export interface LockChecks {
  find(subject: LockSubject): StoredLock | undefined;
}

/** The targets a lock names, in the catalogue's order. */
export const targetsOf = (targets: LockTargets): Array<[LockTargetKind, string]> =>
  lockTargetKinds.flatMap((kind) => (targets[kind] === undefined ? [] : [[kind, targets[kind]] as [LockTargetKind, string]]));

/** Whether the lock holds at `now`: expired locks stop applying by themselves, whatever the snapshot holds. */
export const inForce = (lock: StoredLock, now: number): boolean => lock.expiresAt === null || lock.expiresAt > now;

/** A lock covers a subject when every one of its targets matches (a lock on a user and a login covers only that pair). */
export function covers(lock: StoredLock, subject: LockSubject): boolean {
  const targets = targetsOf(lock.targets);
  return (
    targets.length > 0 &&
    targets.every(([kind, value]) => {
      const have = subject[kind];
      return typeof have === 'string' ? have === value : !!have?.includes(value);
    })
  );
}

/** What a person reads when a lock stops them: the lock's message, or a sentence naming what is locked. */
export function lockMessage(lock: StoredLock): string {
  if (lock.message.trim()) return lock.message;
  const named = targetsOf(lock.targets).map(([kind, value]) => `${kind.replace('_', ' ')} ${value}`);
  return named.length === 1 ? `${named[0]} is locked` : `${named.join(' with ')} is locked`;
}
