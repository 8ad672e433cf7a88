import type { LockJson } from '@portcullis/shared';
import type { StoredLock } from './lock';

/** A lock as the console lists it. */
export function presentLock(lock: StoredLock) {
  return {
    name: lock.name,
    targets: lock.targets,
    message: lock.message,
    ...(lock.expiresAt === null ? {} : { expires: new Date(lock.expiresAt).toISOString() }),
    createdAt: new Date(lock.createdAt).toISOString(),
    createdBy: lock.createdBy,
  } satisfies LockJson;
}
