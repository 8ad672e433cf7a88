import type { Identity } from '../../platform/access/identity';
import type { LiveSession } from '../../resources/core/liveSession';
import { lockMessage, type LockSubject } from './lock';
import type { LockSnapshot } from './snapshot';
import { identitySubject, sessionSubject } from './subject';

interface Watched {
  live: LiveSession;
  /** The owner (user, roles incl. assumed ones, assumed requests) with the session's login and resource. */
  subject: LockSubject;
  /** Everyone admitted to join, by user name, with their own subject on this session. */
  joiners: Map<string, LockSubject>;
}

/**
 * The running sessions as locks see them. Whenever the locks in force change, a session a lock covers ends
 * with the lock's message in every party's terminal, and a joined user a lock covers is removed from it.
 */
export class LockedSessions {
  private readonly sessions = new Map<string, Watched>();

  constructor(private readonly locks: LockSnapshot) {
    locks.onChange(() => this.enforce());
  }

  /** Watches a session from its start to its end; a lock made while it was being opened ends it at once. */
  track(live: LiveSession, owner: Identity): void {
    const { login, resource } = live.session;
    const watched: Watched = { live, subject: sessionSubject(identitySubject(owner), login, resource), joiners: new Map() };
    this.sessions.set(live.id, watched);
    void live.ended.then(() => this.sessions.delete(live.id));
    this.apply(watched);
  }

  /** Why `identity` may not join the session (a lock's message), or undefined; a joiner allowed in is watched from now on. */
  admitJoiner(live: LiveSession, identity: Identity): string | undefined {
    const { login, resource } = live.session;
    const subject = sessionSubject(identitySubject(identity), login, resource);
    const lock = this.locks.find(subject);
    if (lock) return lockMessage(lock);
    this.sessions.get(live.id)?.joiners.set(identity.user.name, subject);
    return undefined;
  }

  enforce(): void {
    for (const watched of this.sessions.values()) this.apply(watched);
  }

  private apply({ live, subject, joiners }: Watched): void {
    const lock = this.locks.find(subject);
    if (lock) return live.terminate(lockMessage(lock));
    for (const [user, joiner] of joiners) {
      const covering = this.locks.find(joiner);
      if (!covering) continue;
      live.removeUser(user, lockMessage(covering));
      joiners.delete(user);
    }
  }
}
