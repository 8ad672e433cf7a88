import type { Identity } from '../../platform/access/identity';
import type { LiveSession } from '../../resources/core/liveSession';
import { refuse, type PartySocket } from '../../resources/core/socket';
import { webSessionEnded, webSessionOf, type WebSessionWatch } from '../../resources/core/webSessionWatch';
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
 * The running sessions as locks and web sessions see them. Whenever the locks in force change, a session a lock
 * covers ends with the lock's message in every party's terminal, and a joined user a lock covers is removed
 * from it. Signing out ends what the web session opened: a party's socket closes, telling why, once the web
 * session it was opened under has ended (the owner's, as when the owner's browser leaves, ends the session).
 */
export class LockedSessions {
  private readonly sessions = new Map<string, Watched>();

  constructor(
    private readonly locks: LockSnapshot,
    private readonly webSessions: WebSessionWatch,
  ) {
    locks.onChange(() => this.enforce());
  }

  /** Watches a session from its start to its end; a lock made while it was being opened ends it at once. */
  track(live: LiveSession, owner: Identity, socket: PartySocket): void {
    const { login, resource } = live.session;
    const watched: Watched = { live, subject: sessionSubject(identitySubject(owner), login, resource), joiners: new Map() };
    this.sessions.set(live.id, watched);
    void live.ended.then(() => this.sessions.delete(live.id));
    this.watchWebSession(owner, socket);
    this.apply(watched);
  }

  /** Why `identity` may not join the session (a lock's message), or undefined; a joiner allowed in is watched from now on. */
  admitJoiner(live: LiveSession, identity: Identity, socket: PartySocket): string | undefined {
    const { login, resource } = live.session;
    const subject = sessionSubject(identitySubject(identity), login, resource);
    const lock = this.locks.find(subject);
    if (lock) return lockMessage(lock);
    this.sessions.get(live.id)?.joiners.set(identity.user.name, subject);
    this.watchWebSession(identity, socket);
    return undefined;
  }

  /** Closes a party's socket, telling why, once its web session ends; the session hears it leave as any other. */
  private watchWebSession(identity: Identity, socket: PartySocket): void {
    const webSession = webSessionOf(identity);
    if (webSession === undefined || socket.readyState !== socket.OPEN) return;
    socket.once('close', this.webSessions.watch(webSession, () => refuse(socket, webSessionEnded)));
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
