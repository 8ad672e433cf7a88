import type { BearerTokenJson, RenewSessionRequest } from '@portcullis/shared';
import type { FastifyRequest } from 'fastify';
import type { Identity } from '../../platform/access/identity';
import { recordEvent } from '../audit/record';
import type { PasswordHasher } from '../../platform/passwords/password';
import type { GatewayConfig } from '../../platform/config/config';
import { RoleSet } from '../roles/roleset';
import { assumableRequest, assumedRoles } from '../accessrequests/assume';
import type { LockChecks } from '../locks/lock';
import { refuseLockedSignIn } from '../locks/signIn';
import type { WebSession } from '../../platform/storage/repos/webSessions';
import type { User } from '../../platform/storage/repos/users';
import type { Store } from '../../platform/storage/store';
import { countFailure, isLockedOut } from './lockout';
import { presentSession } from './presenter';
import { sessionCookie } from './cookie';
import { signInKey, type SignIn } from './signIns';
import { bearerFor, hashSecret, newSecret, sameSecret } from './secrets';

/** Every failed login answers this, whatever went wrong, so a caller cannot tell users from passwords. */
export const invalidCredentials = 'invalid credentials';

export class LoginFailed extends Error {
  constructor() {
    super(invalidCredentials);
  }
}

export interface IssuedSession {
  secret: string;
  session: WebSession;
  json: BearerTokenJson;
}

/** How a sign-in's session differs from the usual one. */
export interface SessionOptions {
  /** Shorter than the configured session TTL (a headless sign-in's session serves one command). */
  ttlMs?: number;
  /** The sign-in itself was approved with a second factor (headless), so per-session MFA is satisfied. */
  mfaVerified?: boolean;
  /** The user proved who they are through this single sign-on connector: audited as an SSO login, not a local one. */
  sso?: { connector: string };
  /** The approved access requests the session assumes (a renewal carries or changes them). */
  accessRequestIds?: string[];
}

/**
 * Web sessions: the password check with its lockout, issuing a session once a sign-in succeeded (LoginService
 * decides when), the cookie-plus-bearer check of every request, renewal and logout.
 */
/** Where a request carries its web session: the cookie, and the bearer token (a header, or access_token for a websocket). */
export type SessionCredentials = Pick<FastifyRequest, 'cookies' | 'headers' | 'query'>;

export class WebSessionService {
  constructor(
    private readonly store: Store,
    private readonly config: GatewayConfig,
    private readonly hasher: PasswordHasher,
    private readonly now: () => number = Date.now,
    /** Locks refuse a sign-in once the credentials are proven (requests are refused by `authorize`). */
    private readonly locks?: LockChecks,
  ) {}

  /** The user's roles, plus those of the assumed access requests still in force. */
  async roleSet(user: User, assumedRequestIds: string[] = []): Promise<RoleSet> {
    return new RoleSet(await this.store.roles.getMany(user.roles), user.traits, await assumedRoles(this.store, user.name, assumedRequestIds, this.now()));
  }

  /**
   * Checks a user's password, with the lockout: a failure is audited, counts towards it, and throws
   * LoginFailed. A success does not end a run of failures: only a whole sign-in does.
   */
  async checkPassword(username: string, password: string, remoteAddr: string): Promise<User> {
    const now = this.now();
    const user = await this.store.users.get(username);
    if (!user || !user.passwordHash) {
      await this.hasher.verifyDecoy(password);
      await recordEvent(this.store, 'USER_LOCAL_LOGINFAILURE', { user: username, error: invalidCredentials, success: false, 'addr.remote': remoteAddr }, now);
      throw new LoginFailed();
    }
    const matches = await this.hasher.verify(user.passwordHash, password);
    if (isLockedOut(user, now)) {
      await recordEvent(this.store, 'USER_LOCAL_LOGINFAILURE', { user: username, error: 'user is locked out', success: false, 'addr.remote': remoteAddr }, now);
      throw new LoginFailed();
    }
    if (!matches) {
      await this.store.transaction(async (tx) => {
        await recordEvent(tx, 'USER_LOCAL_LOGINFAILURE', { user: username, error: invalidCredentials, success: false, 'addr.remote': remoteAddr }, now);
        await countFailure(tx, username, now);
      });
      throw new LoginFailed();
    }
    return user;
  }

  /** Signs in a user who proved who they are (see LoginService), by name; LoginFailed if the user is gone. */
  async signInAs(username: string, remoteAddr: string, method: string, opts: SessionOptions = {}): Promise<IssuedSession> {
    const user = await this.store.users.get(username);
    if (!user) throw new LoginFailed();
    return this.signIn(user, remoteAddr, method, opts);
  }

  /**
   * The end of every sign-in, once the user proved who they are: a session, the end of any run of failures,
   * and the audit event, together.
   */
  async signIn(user: User, remoteAddr: string, method: string, opts: SessionOptions = {}): Promise<IssuedSession> {
    const now = this.now();
    const roles = await this.roleSet(user);
    await refuseLockedSignIn(this.store, this.locks, user, roles, { remoteAddr, method, sso: opts.sso }, now);
    return this.store.transaction(async (tx) => {
      // Sweeping expired sessions here keeps the table to live ones without a timer.
      await tx.webSessions.deleteExpired(now);
      if (user.failedLogins !== 0 || user.lockedUntil !== null) await tx.users.update(user.name, { failedLogins: 0, lockedUntil: null });
      const issued = await this.issue(tx, user.name, roles, now, now, now, opts);
      if (opts.sso) await recordEvent(tx, 'USER_SSO_LOGIN', { user: user.name, method, connector: opts.sso.connector, success: true, 'addr.remote': remoteAddr }, now);
      else await recordEvent(tx, 'USER_LOCAL_LOGIN', { user: user.name, method, success: true, 'addr.remote': remoteAddr }, now);
      return issued;
    });
  }

  private async issue(
    store: Store,
    username: string,
    roles: RoleSet,
    loginTime: number,
    now: number,
    lastActive = now,
    opts: SessionOptions = {},
  ): Promise<IssuedSession> {
    const secret = newSecret();
    const roleTtl = roles.maxSessionTtl();
    const expiresAt = Math.min(now + Math.min(this.config.auth.sessionTtl, opts.ttlMs ?? Infinity), roleTtl ? loginTime + roleTtl : Infinity);
    const session: WebSession = { idHash: hashSecret(secret), username, loginTime, createdAt: now, expiresAt, lastActive, mfaVerified: opts.mfaVerified ?? false, accessRequestIds: opts.accessRequestIds ?? [] };
    await store.webSessions.create(session);
    return { secret, session, json: presentSession(session, secret, this.config.auth.inactivityTimeout, now) };
  }

  /**
   * The identity behind a request: the session named by the cookie, proven by the bearer token derived from
   * it. Expired and idle sessions are deleted on sight.
   */
  async authenticate(req: SessionCredentials, opts = { activity: true }): Promise<Identity | undefined> {
    const secret = req.cookies[sessionCookie];
    const bearer = bearerOf(req);
    if (!secret || !bearer || !sameSecret(bearerFor(secret), bearer)) return undefined;
    return this.resolve(secret, opts);
  }

  /** The identity of a cookie secret alone, for rendering the bearer into the console's page. */
  async resolve(secret: string, opts = { activity: true }): Promise<Identity | undefined> {
    const now = this.now();
    const session = await this.store.webSessions.get(hashSecret(secret));
    if (!session) return undefined;
    if (!this.inForce(session, now)) {
      await this.store.webSessions.delete(session.idHash);
      return undefined;
    }
    const idle = this.config.auth.inactivityTimeout;
    const user = await this.store.users.get(session.username);
    if (!user) return undefined;
    // Recording activity at most every few seconds keeps writes off the hot path.
    if (opts.activity && now - session.lastActive > Math.min(5_000, idle || 5_000)) {
      await this.store.webSessions.touch(session.idHash, now);
      session.lastActive = now;
    }
    return { user, session, roles: await this.roleSet(user, session.accessRequestIds) };
  }

  /**
   * Of `signIns`, those a web session is still in force for (by signInKey): what connections opened under a web
   * session, and certificates signed under one, are checked against. A renewal replaces the session but keeps
   * its sign-in, so only signing out, the user's deletion, expiry or idleness ends one. Reading them is not
   * activity: only the session's own requests are.
   */
  async signInsInForce(signIns: SignIn[]): Promise<Set<string>> {
    const now = this.now();
    const sessions = await this.store.webSessions.forUsers([...new Set(signIns.map((s) => s.username))]);
    return new Set(sessions.filter((s) => this.inForce(s, now)).map(signInKey));
  }

  /** A stored session ends at its expiry, or earlier when idle past the inactivity timeout. */
  private inForce(session: WebSession, now: number): boolean {
    const idle = this.config.auth.inactivityTimeout;
    return session.expiresAt > now && !(idle > 0 && now - session.lastActive > idle);
  }

  present(identity: Identity, secret: string): BearerTokenJson {
    return presentSession(identity.session, secret, this.config.auth.inactivityTimeout, this.now());
  }

  /**
   * Replaces the caller's session with a fresh one, bounded by the login's max_session_ttl. It keeps the assumed
   * access requests still in force; `requestId` assumes one more (audited), `switchback` drops them all.
   */
  async renew(identity: Identity, change: RenewSessionRequest = {}): Promise<IssuedSession> {
    const now = this.now();
    const assuming = change.requestId === undefined ? undefined : await assumableRequest(this.store, identity, change.requestId, now);
    // The one assumed last is the context's accessRequestId, so assuming one again moves it to the end.
    const kept = change.switchback ? [] : identity.roles.assumedRequestIds.filter((id) => id !== assuming?.id);
    const accessRequestIds = assuming ? [...kept, assuming.id] : kept;
    return this.store.transaction(async (tx) => {
      await tx.webSessions.delete(identity.session.idHash);
      // Idleness carries over: the console renews on a timer, not because the user did anything.
      // A renewed session is never MFA-verified: that approval covered the short session it was given for.
      const issued = await this.issue(tx, identity.user.name, identity.roles, identity.session.loginTime, now, identity.session.lastActive, { accessRequestIds });
      if (assuming) await recordEvent(tx, 'ACCESS_REQUEST_ASSUMED', { user: identity.user.name, id: assuming.id, roles: assuming.roles }, now);
      return issued;
    });
  }

  async logout(identity: Identity): Promise<void> {
    await this.store.webSessions.delete(identity.session.idHash);
  }
}

function bearerOf(req: SessionCredentials): string | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  const query = req.query as Record<string, unknown> | undefined;
  // Websockets cannot set headers; only upgrades may pass the token in the URL.
  if (req.headers.upgrade?.toLowerCase() === 'websocket' && typeof query?.access_token === 'string') return query.access_token;
  return undefined;
}
