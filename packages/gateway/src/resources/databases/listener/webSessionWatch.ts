import type { WebSessionService } from '../../../management/websessions/service';
import { webSessionEnded } from '../certificates/identity';

/** How often the web sessions behind open listener sessions are read again: a sign-out ends them within this. */
const checkEveryMs = 2_000;

/**
 * The listener's open sessions as the web sessions their certificates were signed under see them: each ends
 * once its web session has ended (signed out, deleted with its user, expired or idle). Storage is the truth, as
 * the session may end through any gateway on it, so while sessions are open their web sessions are read again
 * every few seconds, all in one query.
 */
export class WebSessionWatch {
  /** Each open session's end, by the id of the web session its certificate names. */
  private readonly open = new Map<string, Set<(reason: string) => void>>();
  private timer: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(
    private readonly webSessions: WebSessionService,
    private readonly warn: (message: string) => void,
  ) {}

  /** Ends a session with `end` once web session `webSession` has ended, until the returned function is called. */
  watch(webSession: string, end: (reason: string) => void): () => void {
    const ends = this.open.get(webSession) ?? new Set();
    this.open.set(webSession, ends.add(end));
    this.timer ??= setInterval(() => void this.check(), checkEveryMs).unref();
    return () => {
      ends.delete(end);
      if (!ends.size && this.open.get(webSession) === ends) this.open.delete(webSession);
      if (!this.open.size) this.close();
    };
  }

  /** Stops reading (the listener is closing, or no session is open). */
  close(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async check(): Promise<void> {
    // A slow read is not stacked under the next one.
    if (this.checking) return;
    this.checking = true;
    try {
      const inForce = await this.webSessions.sessionsInForce([...this.open.keys()]);
      for (const [webSession, ends] of [...this.open]) {
        if (inForce.has(webSession)) continue;
        this.open.delete(webSession);
        for (const end of ends) end(webSessionEnded);
      }
      if (!this.open.size) this.close();
    } catch (err) {
      // Storage being away ends nothing: the next check reads again.
      this.warn(`could not read the web sessions of open database listener sessions: ${(err as Error).message}`);
    } finally {
      this.checking = false;
    }
  }
}
