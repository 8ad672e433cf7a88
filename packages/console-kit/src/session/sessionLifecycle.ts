/**
 * The console's session lifecycle: renewal, the status check, the cross-tab rules, inactivity and logout.
 * It runs outside React so its timers can be pinned with fake timers; the shell starts it once signed in.
 */
import {
  ACTIVITY_THROTTLE_MS,
  INACTIVITY_CHECK_INTERVAL_MS,
  INACTIVITY_MARGIN_MS,
  SESSION_CHECK_INTERVAL_MS,
  STATUS_CHECK_MIN_TIME_LEFT_MS,
  type RenewSessionRequest,
  TOKEN_RENEWAL_THRESHOLD_SECONDS,
} from '@portcullis/shared';

/** The bearer token as the console stores it. */
export interface SessionToken {
  /** When the token was received, in ms since the epoch. */
  created: number;
  /** Seconds the token lives from `created`. */
  expiresIn: number;
  /** Inactivity timeout in ms; 0 turns inactivity tracking off. */
  sessionInactiveTimeout: number;
}

export interface SessionPorts {
  /** The stored token, read afresh each time since another tab may have renewed it. */
  readToken(): SessionToken | null;
  /**
   * Renews on the server and stores the new token. A body changes what the new session carries (an approved
   * access request to assume, or a switch back); the timer's renewal sends none.
   */
  renew(body?: RenewSessionRequest): Promise<unknown>;
  /** GET user status; rejects with an error carrying `status` when the server refuses. */
  checkStatus(): Promise<unknown>;
  /** DELETE the web session on the server. */
  deleteSession(): Promise<unknown>;
  /** Clears local state except the theme and the assistant flag. */
  clearLocalState(): void;
  readLastActive(): number;
  writeLastActive(ms: number): void;
  /** Tells other tabs whether a renewal is running. */
  broadcastRenewing(renewing: boolean): void;
  /** Leaves for the login page. */
  goToLogin(): void;
}

/** What another tab changed, as seen through storage events or a BroadcastChannel. */
export type CrossTabMessage = { kind: 'renewing'; renewing: boolean } | { kind: 'token-removed' };

const activityEvents = ['keydown', 'pointermove', 'pointerdown'] as const;

export class SessionLifecycle {
  private renewing = false;
  private loggedOut = false;
  private lastRecordedActivity = 0;
  private readonly intervals: ReturnType<typeof setInterval>[] = [];

  constructor(
    private readonly ports: SessionPorts,
    private readonly target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
    private readonly now: () => number = Date.now,
  ) {}

  /** Time left on the stored token in ms; 0 or less once it expired or disappeared. */
  timeLeft(): number {
    const token = this.ports.readToken();
    return token ? token.created + token.expiresIn * 1000 - this.now() : 0;
  }

  isRenewing(): boolean {
    return this.renewing;
  }

  /** Starts the timers; an invalid session on load clears local state and goes to login instead. */
  start(): boolean {
    if (this.timeLeft() <= 0) {
      this.ports.clearLocalState();
      this.ports.goToLogin();
      return false;
    }
    this.intervals.push(setInterval(() => this.checkToken(), SESSION_CHECK_INTERVAL_MS));
    const idleTimeout = this.ports.readToken()?.sessionInactiveTimeout ?? 0;
    if (idleTimeout > 0) {
      this.recordActivity();
      for (const name of activityEvents)
        this.target.addEventListener(name, this.onActivity, { passive: true });
      this.intervals.push(setInterval(() => this.checkIdle(idleTimeout), INACTIVITY_CHECK_INTERVAL_MS));
    }
    this.ensureSession();
    return true;
  }

  stop(): void {
    for (const id of this.intervals.splice(0)) clearInterval(id);
    for (const name of activityEvents) this.target.removeEventListener(name, this.onActivity);
  }

  /** Applies what another tab did. */
  receive(message: CrossTabMessage): void {
    if (message.kind === 'renewing') this.renewing = message.renewing;
    else if (!this.ports.readToken()) this.leave();
  }

  /** Logs out: deletes the server session, then clears local state and goes to login whatever it answered. */
  async logout(): Promise<void> {
    if (this.loggedOut) return;
    this.loggedOut = true;
    this.stop();
    // The user leaves either way; a session the server failed to delete expires on its own.
    await this.ports.deleteSession().catch(() => {});
    this.leave();
  }

  /**
   * Renews now with `body`, for the user assuming an access request or switching back. It goes through the
   * same flag and broadcast as the timer's renewal, so neither this tab's timer nor another tab renews over
   * it. Unlike the timer's renewal a failure does not log out: the current session is still good, and the
   * caller shows the message.
   */
  async renewWith(body: RenewSessionRequest): Promise<void> {
    this.setRenewing(true);
    try {
      await this.ports.renew(body);
    } finally {
      this.setRenewing(false);
    }
  }

  /** Expired: log out; close to expiry: renew, unless a renewal already runs here or in another tab. */
  private ensureSession(): void {
    const left = this.timeLeft();
    if (left <= 0) void this.logout();
    else if (left < TOKEN_RENEWAL_THRESHOLD_SECONDS * 1000 && !this.renewing) void this.renew();
  }

  private checkToken(): void {
    this.ensureSession();
    // Only while the token has a margin left, so the check never races the expiry logout.
    if (this.timeLeft() <= STATUS_CHECK_MIN_TIME_LEFT_MS) return;
    const asked = this.ports.readToken()?.created;
    this.ports.checkStatus().catch((err: { status?: number }) => {
      if (err?.status !== 403) return;
      // A renewal (here or in another tab) replaces the session the check asked about: a 403 then says
      // nothing, and the renewal's own outcome decides.
      if (this.renewing || this.ports.readToken()?.created !== asked) return;
      void this.logout();
    });
  }

  private async renew(): Promise<void> {
    this.setRenewing(true);
    try {
      await this.ports.renew();
    } catch {
      await this.logout();
    } finally {
      this.setRenewing(false);
    }
  }

  private setRenewing(renewing: boolean): void {
    this.renewing = renewing;
    this.ports.broadcastRenewing(renewing);
  }

  private readonly onActivity = (): void => {
    if (this.now() - this.lastRecordedActivity >= ACTIVITY_THROTTLE_MS) this.recordActivity();
  };

  private recordActivity(): void {
    this.lastRecordedActivity = this.now();
    this.ports.writeLastActive(this.lastRecordedActivity);
  }

  private checkIdle(timeoutMs: number): void {
    // The last-active time is shared by every tab, so activity in one keeps the others signed in.
    const idleFor = this.now() - this.ports.readLastActive();
    if (idleFor > timeoutMs - INACTIVITY_MARGIN_MS) void this.logout();
  }

  private leave(): void {
    this.loggedOut = true;
    this.stop();
    this.ports.clearLocalState();
    this.ports.goToLogin();
  }
}
