import { lockMessage, type LockSubject } from '../../management/locks/lock';
import type { LockSnapshot } from '../../management/locks/snapshot';
import type { SignIn } from '../../management/websessions/signIns';
import type { Identity } from '../../platform/access/identity';
import { webSessionEnded, webSessionOf, type WebSessionWatch } from './webSessionWatch';

/** The credential a connection was opened with, and what its parties are told when it ends. */
export interface Credential {
  /**
   * The sign-in of the web session it was opened under (a certificate: signed under): that session's end ends
   * the connection. None when this gateway does not keep it (a root cluster's user on a leaf).
   */
  webSession: SignIn | undefined;
  /** When the credential runs out (a web session's expiry, a certificate's). */
  expiresAt: number;
  /** What the parties are told when it runs out: a web session's expiry by default. */
  expired?: string;
  /** What they are told when its web session ends first (signed out, the user deleted, idle). */
  ended?: string;
}

/** The web session a signed-in identity's requests carry, as a connection's credential. */
export const webSessionCredential = (identity: Identity): Credential => ({ webSession: webSessionOf(identity), expiresAt: identity.session.expiresAt });

interface Watched {
  subject: LockSubject;
  end(reason: string): void;
}

/**
 * Connections that are not terminal sessions (a TCP app's, a database's, a desktop's), as locks and web
 * sessions see them: a lock covering a connection's subject ends it with the lock's message, and a connection
 * ends when the credential it was opened with runs out or the web session behind it ends (signing out ends what
 * the session opened). One listener on the locks and one web session watch serve every connection.
 */
export class WatchedConnections {
  private readonly open = new Set<Watched>();

  constructor(
    private readonly locks: LockSnapshot,
    private readonly webSessions: WebSessionWatch,
    private readonly now: () => number,
  ) {
    locks.onChange(() => this.enforce());
  }

  /** Watches a connection until the returned function is called (when it has closed). */
  track(subject: LockSubject, credential: Credential, end: (reason: string) => void): () => void {
    const watched: Watched = { subject, end };
    this.open.add(watched);
    const expired = credential.expired ?? 'your web session expired: sign in again';
    const timer = setTimeout(() => this.stop(watched, expired), Math.min(Math.max(0, credential.expiresAt - this.now()), 2 ** 31 - 1));
    timer.unref();
    const { webSession } = credential;
    const unwatch = webSession === undefined ? undefined : this.webSessions.watch(webSession, () => this.stop(watched, credential.ended ?? webSessionEnded));
    this.enforceOne(watched);
    return () => {
      clearTimeout(timer);
      unwatch?.();
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
