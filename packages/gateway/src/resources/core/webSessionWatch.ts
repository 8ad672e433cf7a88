import type { WebSessionService } from '../../management/websessions/service';
import { signInKey, type SignIn } from '../../management/websessions/signIns';
import type { Identity } from '../../platform/access/identity';

/** What a connection's parties read when the web session it was opened under has ended. */
export const webSessionEnded = 'your web session ended (signed out, expired or the user was removed): sign in again';

/**
 * The sign-in whose web session in this gateway's storage `identity`'s requests carry; none for a root cluster's
 * user on a leaf, whose web session the root keeps.
 */
export const webSessionOf = (identity: Identity): SignIn | undefined =>
  identity.fromCluster ? undefined : { username: identity.user.name, loginTime: identity.session.loginTime };

/** How often the web sessions behind open connections are read again: a sign-out ends them within this. */
const checkEveryMs = 2_000;

interface Watched {
  signIn: SignIn;
  ends: Set<() => void>;
}

/**
 * Open connections as the web sessions they were opened under see them: "sign out" ends what the session
 * opened, so each connection ends once its web session has ended (signed out, deleted with its user, expired or
 * idle; a renewal carries it on). Storage is the truth, as the session may end through any gateway on it, so
 * while connections are open their web sessions are read again every few seconds, all in one query. One watch
 * serves the whole gateway.
 */
export class WebSessionWatch {
  /** Each open connection's end, by its sign-in's key. */
  private readonly open = new Map<string, Watched>();
  private timer: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(
    private readonly webSessions: WebSessionService,
    private readonly warn: (message: string) => void,
  ) {}

  /** Calls `ended` once the web session of `signIn` has ended, until the returned function is called. */
  watch(signIn: SignIn, ended: () => void): () => void {
    const key = signInKey(signIn);
    const watched = this.open.get(key) ?? { signIn, ends: new Set() };
    watched.ends.add(ended);
    this.open.set(key, watched);
    this.timer ??= setInterval(() => void this.check(), checkEveryMs).unref();
    return () => {
      watched.ends.delete(ended);
      if (!watched.ends.size && this.open.get(key) === watched) this.open.delete(key);
      if (!this.open.size) this.close();
    };
  }

  /** Stops reading (the gateway is closing, or no connection is open). */
  close(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async check(): Promise<void> {
    // A slow read is not stacked under the next one.
    if (this.checking) return;
    this.checking = true;
    try {
      const inForce = await this.webSessions.signInsInForce([...this.open.values()].map((w) => w.signIn));
      for (const [key, watched] of [...this.open]) {
        if (inForce.has(key)) continue;
        this.open.delete(key);
        for (const ended of watched.ends) ended();
      }
      if (!this.open.size) this.close();
    } catch (err) {
      // Storage being away ends nothing: the next check reads again.
      this.warn(`could not read the web sessions of open connections: ${(err as Error).message}`);
    } finally {
      this.checking = false;
    }
  }
}
