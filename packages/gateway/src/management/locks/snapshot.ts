import type { Store } from '../../platform/storage/store';
import { covers, inForce, type LockChecks, type LockSubject, type StoredLock } from './lock';
import { lockRepo } from './repo';

/** How often the locks are read again, so a lock made through another gateway on the same database applies here too. */
export const lockPollMs = 500;

/**
 * The locks in force, in memory, so checking a request costs no query. Reloaded at once when this gateway
 * creates or removes a lock, and every `pollMs` for the others. Listeners hear of every change of the set,
 * to end the sessions a new lock covers.
 */
export class LockSnapshot implements LockChecks {
  private locks: StoredLock[] = [];
  private names = '';
  private timer: NodeJS.Timeout | undefined;
  /** Reloads run one after another, so a reload asked for after a write always reads that write. */
  private queue: Promise<void> = Promise.resolve();
  private polling = false;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly store: Store,
    private readonly now: () => number,
    private readonly pollMs = lockPollMs,
  ) {}

  /** Loads the locks and keeps polling; the timer never keeps the process alive on its own. */
  async start(): Promise<void> {
    await this.reload();
    this.timer ??= setInterval(() => this.poll(), this.pollMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Reads the locks again; listeners run if the set changed. */
  reload(): Promise<void> {
    // A failed reload is the caller's to report; the next one still runs.
    this.queue = this.queue.catch(() => undefined).then(() => this.load());
    return this.queue;
  }

  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  /** The newest lock in force covering the subject. Expiry is compared now, so a lock stops at its time, not at the next poll. */
  find(subject: LockSubject): StoredLock | undefined {
    const now = this.now();
    return this.locks.find((lock) => inForce(lock, now) && covers(lock, subject));
  }

  /** Every lock in force now, newest first. */
  list(): StoredLock[] {
    const now = this.now();
    return this.locks.filter((lock) => inForce(lock, now));
  }

  private poll(): void {
    // A slow database must not pile up reloads: skip a beat while one is still running.
    if (this.polling) return;
    this.polling = true;
    this.reload()
      .catch((err: Error) => {
        if (this.timer) process.emitWarning(`could not reload the locks: ${err.message}`);
      })
      .finally(() => (this.polling = false));
  }

  private async load(): Promise<void> {
    const locks = await lockRepo(this.store).inForce(this.now());
    this.locks = locks;
    const names = locks.map((l) => l.name).join(',');
    if (names === this.names) return;
    this.names = names;
    for (const listener of this.listeners) listener();
  }
}
