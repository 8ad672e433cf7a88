import { randomUUID } from 'node:crypto';
import type { LockTargets } from '@portcullis/shared';
import type { ClusterBus } from '../../platform/peers/bus';
import type { Store } from '../../platform/storage/store';
import { recordEvent } from '../audit/record';
import type { StoredLock } from './lock';
import { lockRepo } from './repo';
import type { LockSnapshot } from './snapshot';

export interface NewLock {
  targets: LockTargets;
  message: string;
  /** How long the lock holds, in milliseconds; absent: until it is removed. */
  ttlMs?: number | undefined;
}

/**
 * Creating, listing and removing locks, each change audited in its own transaction. After a change the
 * snapshot is reloaded before answering, so the lock applies on this gateway by the time the caller hears back;
 * the other gateways on the database are told in the same transaction.
 */
export class LockService {
  constructor(
    private readonly store: Store,
    private readonly snapshot: LockSnapshot,
    private readonly now: () => number,
    private readonly bus: ClusterBus,
  ) {}

  async create(user: string, input: NewLock): Promise<StoredLock> {
    const now = this.now();
    const lock: StoredLock = {
      name: randomUUID(),
      targets: input.targets,
      message: input.message,
      expiresAt: input.ttlMs === undefined ? null : now + input.ttlMs,
      createdAt: now,
      createdBy: user,
    };
    await this.store.transaction(async (tx) => {
      // Sweeping expired locks here keeps the table to live ones without a timer.
      await lockRepo(tx).deleteExpired(now);
      await lockRepo(tx).insert(lock);
      await recordEvent(
        tx,
        'LOCK_CREATED',
        { name: lock.name, user, target: lock.targets, message: lock.message, ...(lock.expiresAt === null ? {} : { expires: new Date(lock.expiresAt).toISOString() }) },
        now,
      );
      await this.bus.publish(tx, 'locks', lock.name);
    });
    await this.snapshot.reload();
    return lock;
  }

  /** The locks in force, newest first (expired ones are gone from the list though their rows may remain). */
  list(): Promise<StoredLock[]> {
    return lockRepo(this.store).inForce(this.now());
  }

  /** False when there is no such lock. */
  async remove(user: string, name: string): Promise<boolean> {
    const now = this.now();
    const removed = await this.store.transaction(async (tx) => {
      const lock = await lockRepo(tx).get(name);
      if (!lock || !(await lockRepo(tx).delete(name))) return false;
      await recordEvent(tx, 'LOCK_DELETED', { name, user, target: lock.targets }, now);
      await this.bus.publish(tx, 'locks', name);
      return true;
    });
    if (removed) await this.snapshot.reload();
    return removed;
  }
}
