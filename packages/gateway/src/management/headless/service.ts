import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { HeadlessDecisionRequest, HeadlessLoginJson } from '@portcullis/shared';
import { recordEvent } from '../audit/record';
import type { SecondFactor } from '../mfa/verifier';
import { conflict, forbidden, HttpError, notFound } from '../../platform/access/errors';
import type { Identity } from '../../platform/access/identity';
import type { Store } from '../../platform/storage/store';
import { hashSecret, newSecret, sameSecret } from '../websessions/secrets';
import type { IssuedSession, WebSessionService } from '../websessions/service';
import { presentHeadlessLogin } from './presenter';
import { headlessRepo, type HeadlessRequest } from './repo';

/** How long a request waits for its approval. */
export const headlessRequestTtlMs = 5 * 60_000;
/** How long the session a headless approval buys lives: enough to run one command. */
export const headlessSessionTtlMs = 60_000;
/** How long one collection call waits for the decision before answering "pending". */
export const headlessPollMs = 25_000;
/** Expired requests are kept this long, so a late collection hears "expired" rather than nothing. */
const keepExpiredMs = 60 * 60_000;

export type Collected = { state: 'approved'; issued: IssuedSession } | { state: 'pending' };

const gone = (id: string) => new HttpError(410, `headless login request ${id} has expired: run the command again for a new one`);

/**
 * Headless sign-in: the command line asks for a session for a user; that user, signed in elsewhere in a browser,
 * approves with a second factor or denies; the command line then collects a short, MFA-verified session with
 * the secret only it holds. Every step is audited.
 */
export class HeadlessService {
  private readonly repo: ReturnType<typeof headlessRepo>;
  /** Wakes the collections waiting on a request when it is decided. */
  private readonly decisions = new EventEmitter().setMaxListeners(0);

  constructor(
    private readonly store: Store,
    private readonly webSessions: WebSessionService,
    private readonly mfa: SecondFactor,
    private readonly now: () => number,
    private readonly publicUrl: () => string,
  ) {
    this.repo = headlessRepo(store);
  }

  /**
   * Opens a request. A user name that does not exist still gets an answer of the same shape, never approved,
   * so the command line cannot be used to find out which users exist.
   */
  async request(username: string, clientIp: string): Promise<HeadlessLoginJson> {
    const now = this.now();
    const id = randomUUID();
    const secret = newSecret();
    const expiresAt = now + headlessRequestTtlMs;
    await this.store.transaction(async (tx) => {
      await this.repo.deleteExpiredBefore(now - keepExpiredMs, tx);
      if (await tx.users.get(username)) await this.repo.create({ id, username, secretHash: hashSecret(secret), clientIp, createdAt: now, expiresAt }, tx);
      await recordEvent(tx, 'USER_HEADLESS_LOGIN_REQUESTED', { user: username, request_id: id, remote_addr: clientIp, 'addr.remote': clientIp }, now);
    });
    return presentHeadlessLogin(id, `${this.publicUrl()}/web/headless/${id}`, secret, expiresAt);
  }

  /** The request, for the user it names; anyone else is told there is no such request. */
  async get(identity: Identity, id: string): Promise<HeadlessRequest> {
    const request = await this.repo.get(id);
    if (!request || request.username !== identity.user.name) throw notFound(`headless login request ${id} was not found`);
    if (request.state === 'pending' && request.expiresAt <= this.now()) throw gone(id);
    return request;
  }

  /** Approves (after checking the answer to a 'headless' challenge) or denies a pending request. */
  async decide(identity: Identity, id: string, decision: HeadlessDecisionRequest, remoteAddr: string): Promise<void> {
    const user = identity.user.name;
    const failed = async (err: HttpError) => {
      if (decision.action === 'accept') await recordEvent(this.store, 'USER_HEADLESS_LOGIN_APPROVEDFAILURE', { user, request_id: id, error: err.message, 'addr.remote': remoteAddr }, this.now());
      return err;
    };
    let request;
    try {
      request = await this.get(identity, id);
    } catch (err) {
      throw err instanceof HttpError ? await failed(err) : err;
    }
    if (request.state !== 'pending') throw await failed(conflict(`headless login request ${id} was already ${request.state}`));
    if (decision.action === 'accept') {
      try {
        await this.mfa.verify(user, 'headless', decision.mfaResponse, remoteAddr);
      } catch (err) {
        throw err instanceof HttpError ? await failed(err) : err;
      }
    }
    const state = decision.action === 'accept' ? 'approved' : 'denied';
    const decided = await this.store.transaction(async (tx) => {
      const now = this.now();
      if (!(await this.repo.decide(id, state, now, tx))) return false;
      const event = state === 'approved' ? 'USER_HEADLESS_LOGIN_APPROVED' : 'USER_HEADLESS_LOGIN_REJECTED';
      await recordEvent(tx, event, { user, request_id: id, client_ip: request.clientIp, 'addr.remote': remoteAddr }, now);
      return true;
    });
    if (!decided) throw await failed(conflict(`headless login request ${id} was decided meanwhile`));
    this.decisions.emit(id);
  }

  /**
   * The command line's side: once the request is approved, issues its session (once); while it is pending,
   * waits up to `waitMs` for the decision. A wrong secret, a denial or an expiry is a 403.
   */
  async collect(id: string, secret: string, remoteAddr: string, opts: { waitMs: number; signal?: AbortSignal }): Promise<Collected> {
    // The wait is measured on the real clock; expiry on the gateway's.
    const deadline = performance.now() + opts.waitMs;
    for (;;) {
      const request = await this.repo.get(id);
      const now = this.now();
      if (request) {
        if (!sameSecret(hashSecret(secret), request.secretHash)) {
          await recordEvent(this.store, 'USER_LOCAL_LOGINFAILURE', { user: request.username, method: 'headless', error: 'wrong headless request secret', success: false, 'addr.remote': remoteAddr }, now);
          throw forbidden(`wrong secret for headless login request ${id}`);
        }
        if (request.state === 'denied') throw forbidden(`headless login request ${id} was rejected in the browser`);
        if (request.expiresAt <= now) throw forbidden(`headless login request ${id} expired before it was approved: run the command again`);
        if (request.state === 'approved') return { state: 'approved', issued: await this.issue(request, remoteAddr) };
      }
      const left = Math.min(deadline - performance.now(), request ? request.expiresAt - now : Infinity);
      if (left <= 0 || opts.signal?.aborted) return { state: 'pending' };
      await this.decided(id, left, opts.signal);
    }
  }

  /**
   * Removing the approved request is what makes its session collectable once: of two collections at the same
   * moment, only the one that removed it goes on to issue (and audit) the session.
   */
  private async issue(request: HeadlessRequest, remoteAddr: string): Promise<IssuedSession> {
    if (!(await this.repo.collect(request.id))) throw forbidden(`the session of headless login request ${request.id} was already collected`);
    return this.webSessions.signInAs(request.username, remoteAddr, 'headless', { ttlMs: headlessSessionTtlMs, mfaVerified: true });
  }

  /** Resolves when request `id` is decided, `ms` have passed, or the caller went away. */
  private decided(id: string, ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.decisions.off(id, done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.decisions.once(id, done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
