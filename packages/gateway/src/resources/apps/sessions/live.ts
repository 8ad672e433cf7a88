import { recordEvent } from '../../../management/audit/record';
import { lockMessage } from '../../../management/locks/lock';
import { identitySubject } from '../../../management/locks/subject';
import { hashSecret, sameSecret } from '../../../management/websessions/secrets';
import type { Identity } from '../../../platform/access/identity';
import type { Gateway } from '../../../platform/server/context';
import type { Store } from '../../../platform/storage/store';
import { fqdnOf } from '../address';
import type { SignedAssertion } from '../jwt/assertion';
import type { AppRecord } from '../repo';
import { appSessionCookiesOf } from './cookies';
import { appSessionRepo, type AppSession } from './repo';
import { appAuditFields, appRefusal } from './service';

/** An app session in use on this gateway: who it is, and what it did since its last summary. */
export interface LiveAppSession {
  session: AppSession;
  identity: Identity;
  /** When the web session, user and roles were last read from storage. */
  validatedAt: number;
  lastSeen: number;
  /** The identity header, signed again when due (see AssertionSigner). */
  assertion?: SignedAssertion;
  counts: { requests: number; websockets: number; errors: number };
  /** Open websockets, closed when the session ends or a lock covers it. */
  sockets: Set<{ destroy(): void }>;
  /** The subject cookie once it was checked against its hash, so later requests compare without hashing. */
  subject?: string;
  /** Locks and roles decided for one app until the locks or the identity change (both are read on every request otherwise). */
  decision?: { appId: string; locks: number; refusal: string | undefined };
}

/**
 * Why a request on an app host is refused: `launch` when it has no valid app session (the person should launch
 * the app from the console), `denied` when the session is valid but a lock or the roles refuse it.
 */
export type AppRefusal = { refused: 'launch' | 'denied'; reason: string };
export type AppCheck = { live: LiveAppSession } | AppRefusal;

export interface LiveOptions {
  /** How long a checked session is trusted before storage is read again (web session, user, roles). */
  revalidateMs: number;
  /** How often requests are summarised in the audit log (APP_SESSION_CHUNK). */
  summaryMs: number;
}

/** What the audit log says about requests since the last summary, as flat event fields. */
const summaryFields = (live: LiveAppSession) => ({ requests: live.counts.requests, websockets: live.counts.websockets, server_errors: live.counts.errors });
const hasCounts = (live: LiveAppSession) => live.counts.requests + live.counts.websockets > 0;

/**
 * The app sessions requests arrive with. Storage is the truth (any gateway on it may serve the app host); this
 * keeps each session checked for `revalidateMs` so a request costs no query, while locks (held in memory) are
 * checked on every request. A session ends, audited once whichever gateway sees it first, when its web session
 * is gone or it expires; its requests are summarised every `summaryMs` and at the end.
 */
export class LiveAppSessions {
  /** By the value hash (what storage keys them by) … */
  private readonly live = new Map<string, LiveAppSession>();
  /** … and by the cookie's value, so a request finds its session without hashing (memory only, never stored). */
  private readonly byValue = new Map<string, LiveAppSession>();
  /** Counts changes of the set of locks in force, which invalidate cached decisions. */
  private locksVersion = 0;
  private readonly loading = new Map<string, Promise<LiveAppSession | AppRefusal>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private lastSummary: number;

  constructor(
    private readonly gw: Gateway,
    private readonly options: LiveOptions,
  ) {
    this.lastSummary = gw.now();
  }

  /** Starts the summaries and the checks of sessions holding websockets; timers never keep the process alive. */
  start(): void {
    const every = (ms: number, work: () => Promise<void>) => {
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        work()
          .catch((err: Error) => process.emitWarning(`app sessions: ${err.message}`))
          .finally(() => (running = false));
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(Math.min(this.options.revalidateMs * 2, this.options.summaryMs), () => this.tick());
    // A new lock closes the websockets of the sessions it covers at once, as it ends shells.
    this.gw.locks.onChange(() => {
      this.locksVersion += 1;
      for (const live of this.live.values()) if (live.sockets.size && this.gw.locks.find(identitySubject(live.identity))) this.closeSockets(live);
    });
  }

  /** Stops the timers and writes the last summaries (the gateway is closing). */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await this.summarise(true);
  }

  /**
   * The session a request's cookies name, if it may use `app` now. Answered at once while the session is fresh
   * (nearly every request), so a request costs no promise; a promise when storage must be read or a refusal audited.
   */
  check(app: AppRecord, cookieHeader: string | undefined, remoteAddr: string): AppCheck | Promise<AppCheck> {
    const { value, subject } = appSessionCookiesOf(cookieHeader);
    if (!value || !subject) return this.refuse(app, undefined, 'launch', 'the request carries no app session', remoteAddr);
    return this.validate(app, value, subject, remoteAddr);
  }

  /** The session named by the two secrets the launcher posted to the app host. */
  validate(app: AppRecord, value: string, subject: string, remoteAddr: string): AppCheck | Promise<AppCheck> {
    const live = this.byValue.get(value);
    if (!live || this.gw.now() - live.validatedAt > this.options.revalidateMs) return this.reload(app, value, subject, remoteAddr);
    return this.admit(live, app, subject, remoteAddr);
  }

  private async reload(app: AppRecord, value: string, subject: string, remoteAddr: string): Promise<AppCheck> {
    const loaded = await this.load(hashSecret(value));
    if ('refused' in loaded) return this.refuse(app, undefined, loaded.refused, loaded.reason, remoteAddr);
    this.byValue.set(value, loaded);
    return this.admit(loaded, app, subject, remoteAddr);
  }

  /** Whether a session just read or still fresh may be used on `app` with `subject` now. */
  private admit(live: LiveAppSession, app: AppRecord, subject: string, remoteAddr: string): AppCheck | Promise<AppCheck> {
    const now = this.gw.now();
    const user = live.identity.user.name;
    const verified = live.subject !== undefined && sameSecret(live.subject, subject);
    if (!verified && !sameSecret(live.session.subjectHash, hashSecret(subject))) return this.refuse(app, user, 'launch', 'the app session cookies do not belong together', remoteAddr);
    live.subject = subject;
    // The same address written the same way is the same host; only another spelling needs normalising.
    if (live.session.publicAddr !== app.publicAddr && fqdnOf(live.session.publicAddr) !== fqdnOf(app.publicAddr)) {
      return this.refuse(app, user, 'launch', `the app session is for another app (${live.session.appName})`, remoteAddr);
    }
    if (live.session.expiresAt <= now) return this.expired(live, app, user, remoteAddr);
    const denied = this.decide(live, app);
    if (denied) return this.refuse(app, user, 'denied', denied, remoteAddr);
    live.lastSeen = now;
    return { live };
  }

  private async expired(live: LiveAppSession, app: AppRecord, user: string, remoteAddr: string): Promise<AppRefusal> {
    await this.end(live, 'the app session expired');
    return this.refuse(app, user, 'launch', 'the app session expired', remoteAddr);
  }

  /** Why locks or roles refuse the session on `app` now, decided again only when the locks or the identity changed. */
  private decide(live: LiveAppSession, app: AppRecord): string | undefined {
    const cached = live.decision;
    if (cached && cached.appId === app.id && cached.locks === this.locksVersion) return cached.refusal;
    const lock = this.gw.locks.find(identitySubject(live.identity));
    const refusal = lock ? lockMessage(lock) : appRefusal(live.identity, app);
    live.decision = { appId: app.id, locks: this.locksVersion, refusal };
    return refusal;
  }

  /** Counts a finished request (or an opened websocket) for the next summary. */
  count(live: LiveAppSession, kind: 'request' | 'websocket', status: number): void {
    if (kind === 'request') live.counts.requests += 1;
    else live.counts.websockets += 1;
    if (status >= 500) live.counts.errors += 1;
  }

  /** Closes `socket` with the session: when it ends, or a lock covers it. */
  track(live: LiveAppSession, socket: { destroy(): void; once(event: 'close', listener: () => void): unknown }): void {
    live.sockets.add(socket);
    socket.once('close', () => live.sockets.delete(socket));
  }

  /** Reads the session, its web session, user and roles; ends it when the web session is gone. */
  private load(valueHash: string): Promise<LiveAppSession | AppRefusal> {
    let pending = this.loading.get(valueHash);
    if (!pending) {
      pending = this.read(valueHash).finally(() => this.loading.delete(valueHash));
      this.loading.set(valueHash, pending);
    }
    return pending;
  }

  private async read(valueHash: string): Promise<LiveAppSession | AppRefusal> {
    const store = this.gw.store;
    const now = this.gw.now();
    const session = await appSessionRepo(store).byValueHash(valueHash);
    const known = this.live.get(valueHash);
    if (!session) {
      if (known) this.forget(known);
      return { refused: 'launch', reason: 'the app session has ended, or its cookie is not one this gateway issued' };
    }
    const web = await store.webSessions.get(session.webSessionHash);
    const idle = this.gw.config.auth.inactivityTimeout;
    const user = await store.users.get(session.username);
    if (!web || web.expiresAt <= now || (idle > 0 && now - web.lastActive > idle) || !user) {
      await this.end(known ?? this.blank(session, undefined), 'the web session it belongs to ended');
      return { refused: 'launch', reason: 'the console session this app session belonged to has ended' };
    }
    const identity: Identity = { user, session: web, roles: await this.gw.webSessions.roleSet(user, web.accessRequestIds) };
    if (!known) {
      const live = this.blank(session, identity);
      this.live.set(valueHash, live);
      return live;
    }
    // A changed role set or traits must reach the app with its next request, not when the old header expires.
    if (JSON.stringify([identity.roles.roles.map((r) => r.metadata.name), user.traits]) !== JSON.stringify([known.identity.roles.roles.map((r) => r.metadata.name), known.identity.user.traits])) {
      delete known.assertion;
    }
    Object.assign(known, { session, identity, validatedAt: now });
    delete known.decision;
    return known;
  }

  private blank(session: AppSession, identity: Identity | undefined): LiveAppSession {
    const now = this.gw.now();
    return { session, identity: identity as Identity, validatedAt: now, lastSeen: now, counts: { requests: 0, websockets: 0, errors: 0 }, sockets: new Set() };
  }

  /** Ends a session: its row goes, its last summary and APP_SESSION_END are written together (by one gateway only). */
  private async end(live: LiveAppSession, reason: string): Promise<void> {
    this.forget(live);
    const { session } = live;
    const fields = { user: session.username, sid: session.id, app_name: session.appName, app_id: session.appId, app_public_addr: session.publicAddr };
    await this.gw.store.transaction(async (tx: Store) => {
      if (!(await appSessionRepo(tx).delete(session.id))) return;
      const now = this.gw.now();
      if (hasCounts(live)) await recordEvent(tx, 'APP_SESSION_CHUNK', { ...fields, ...summaryFields(live) }, now);
      await recordEvent(tx, 'APP_SESSION_END', { ...fields, reason }, now);
    });
  }

  private forget(live: LiveAppSession): void {
    this.live.delete(live.session.valueHash);
    this.forgetValue(live);
    this.closeSockets(live);
  }

  private forgetValue(live: LiveAppSession): void {
    for (const [value, entry] of this.byValue) if (entry === live) this.byValue.delete(value);
  }

  private closeSockets(live: LiveAppSession): void {
    for (const socket of live.sockets) socket.destroy();
    live.sockets.clear();
  }

  private async refuse(app: AppRecord, user: string | undefined, refused: AppRefusal['refused'], reason: string, remoteAddr: string): Promise<AppRefusal> {
    await recordEvent(this.gw.store, 'AUTH_ATTEMPT_FAILURE', { user: user ?? '', error: `app ${app.name}: ${reason}`, ...appAuditFields(app), 'addr.remote': remoteAddr }, this.gw.now());
    return { refused, reason };
  }

  /**
   * Checks the sessions holding websockets (whose web session may have ended while no request came), ends
   * expired sessions nobody uses any more, summarises when due and forgets sessions idle for two summaries.
   */
  private async tick(): Promise<void> {
    for (const live of [...this.live.values()]) {
      if (live.sockets.size) await this.load(live.session.valueHash);
    }
    for (const session of await appSessionRepo(this.gw.store).expired(this.gw.now())) {
      await this.end(this.live.get(session.valueHash) ?? this.blank(session, undefined), 'the app session expired');
    }
    if (this.gw.now() - this.lastSummary >= this.options.summaryMs) await this.summarise(false);
  }

  private async summarise(all: boolean): Promise<void> {
    const now = this.gw.now();
    this.lastSummary = now;
    for (const live of [...this.live.values()]) {
      if (hasCounts(live)) {
        const { session } = live;
        const fields = { user: session.username, sid: session.id, ...appAuditFields({ id: session.appId, name: session.appName, publicAddr: session.publicAddr }), ...summaryFields(live) };
        live.counts = { requests: 0, websockets: 0, errors: 0 };
        await recordEvent(this.gw.store, 'APP_SESSION_CHUNK', fields, now);
      } else if (!all && !live.sockets.size && now - live.lastSeen > 2 * this.options.summaryMs) {
        this.live.delete(live.session.valueHash);
        this.forgetValue(live);
      }
    }
  }
}
