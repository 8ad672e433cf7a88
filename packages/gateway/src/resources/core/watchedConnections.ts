import { lockMessage, type LockSubject } from '../../management/locks/lock';
import type { LockSnapshot } from '../../management/locks/snapshot';

interface Watched {
  subject: LockSubject;
  /** When the credential the connection was opened with (a web session, a certificate) runs out. */
  expiresAt: number;
  end(reason: string): void;
}

/**
 * Connections that are not terminal sessions (a TCP app's, a database's), as locks and web sessions see them: a
 * lock covering a connection's subject ends it with the lock's message, and a connection ends when the web
 * session it was opened with expires. One listener on the locks serves every connection.
 */
export class WatchedConnections {
  private readonly open = new Set<Watched>();

  constructor(
    private readonly locks: LockSnapshot,
    private readonly now: () => number,
  ) {
    locks.onChange(() => this.enforce());
  }

  /**
   * Watches a connection until the returned function is called (when it has closed). `expired` is what its
   * parties are told when the credential it was opened with runs out: a web session by default.
   */
  track(subject: LockSubject, expiresAt: number, end: (reason: string) => void, expired = 'your web session expired: sign in again'): () => void {
    const watched: Watched = { subject, expiresAt, end };
    this.open.add(watched);
    const timer = setTimeout(() => this.stop(watched, expired), Math.min(Math.max(0, expiresAt - this.now()), 2 ** 31 - 1));
    timer.unref();
    this.enforceOne(watched);
    return () => {
      clearTimeout(timer);
      this.open.delete(watched);
    };
  }

  get size(): number {
    return this.open.size;
  }

  private enforce(): void {
    for (const watched of [...this.open]) this.enforceOne(watched);
  }

  private enforceOne(watched: Watched): void {
    const lock = this.locks.find(watched.subject);
    if (lock) this.stop(watched, lockMessage(lock));
  }

  private stop(watched: Watched, reason: string): void {
    if (!this.open.delete(watched)) return;
    watched.end(reason);
  }
}
