import type { AuthenticateChallengeJson, ChallengeScope, MfaDeviceType, MfaResponseJson } from '@portcullis/shared';
import { badRequest, forbidden, HttpError } from '../../platform/access/errors';
import type { GatewayConfig } from '../../platform/config/config';
import type { Store } from '../../platform/storage/store';
import { recordEvent } from '../audit/record';
import { hashToken, newTokenValue, privilegeTtlMs } from '../users/tokens';
import { countFailure, isLockedOut, lockedOutMessage } from '../websessions/lockout';
import { lockMessage, type LockChecks } from '../locks/lock';
import { MfaDevices } from './devices';
import { presentChallenge } from './presenter';
import { mfaRepo, type MfaDevice, type MfaRepo } from './repo';
import { checkTotp, totpCodeShape } from './totp';
import type { SecondFactor } from './verifier';
import { challengeTtlMs, counterNotForward, parseAssertion, type Assertion, type RelyingParty } from './webauthn';

/** What a challenge is for: a scope of the wire, or a passwordless sign-in, whose user the passkey names. */
export type Purpose = ChallengeScope | 'passwordless';

const purposes: Record<string, string> = {
  login: 'signing in',
  passwordless: 'signing in with a passkey',
  reauth: 'confirming it is you',
  session: 'opening a session',
  headless: 'approving a headless sign-in',
};

const unknownPasskey = 'this passkey is not registered on this gateway: sign in with your user name and password, or use another passkey';

/**
 * Second factors as the rest of the gateway sees them: which devices the configuration accepts, challenges
 * and their answers. A wrong answer is audited and counts towards the login lockout; a locked-out user's
 * answers are refused unchecked. Registering and removing devices is `devices`' work.
 */
export class MfaService implements SecondFactor {
  readonly repo: MfaRepo;
  readonly devices: MfaDevices;

  constructor(
    private readonly store: Store,
    private readonly config: GatewayConfig,
    readonly rp: RelyingParty,
    private readonly now: () => number = Date.now,
    /** A locked device answers no challenge, however right its answer. */
    private readonly locks?: LockChecks,
  ) {
    this.repo = mfaRepo(store);
    this.devices = new MfaDevices(store, config, this, now);
  }

  private get mode() {
    return this.config.auth.secondFactor;
  }

  /** Whether auth.secondFactor accepts devices of this type. */
  allows(type: MfaDeviceType): boolean {
    if (this.mode === 'on' || this.mode === 'optional') return true;
    return (this.mode === 'otp' && type === 'totp') || (this.mode === 'webauthn' && type === 'webauthn');
  }

  /** Whether every user must sign in with a second factor (optional asks it only of users who have a device). */
  get required(): boolean {
    return this.mode === 'otp' || this.mode === 'webauthn' || this.mode === 'on';
  }

  /** Whether passkeys may sign people in. */
  get allowsPasswordless(): boolean {
    return this.allows('webauthn');
  }

  /** The user's devices the configuration accepts now. */
  async usableDevices(username: string): Promise<MfaDevice[]> {
    return (await this.repo.devices(username)).filter((d) => this.allows(d.type));
  }

  async hasDevice(username: string): Promise<boolean> {
    return (await this.usableDevices(username)).length > 0;
  }

  /** Whether signing in needs a second factor from this user. */
  async requiredFor(username: string): Promise<boolean> {
    return this.required || (this.mode === 'optional' && (await this.hasDevice(username)));
  }

  async challenge(username: string, scope: ChallengeScope): Promise<AuthenticateChallengeJson> {
    return this.issue(username, scope, await this.usableDevices(username));
  }

  /** A challenge any passkey of this gateway may answer, for signing in without a user name. */
  async passwordlessChallenge(): Promise<AuthenticateChallengeJson> {
    if (!this.allowsPasswordless) throw badRequest('passwordless sign-in is turned off on this gateway: sign in with your user name and password');
    return this.issue(null, 'passwordless', undefined);
  }

  /** Stores a WebAuthn challenge for the given keys (any passkey when undefined) and presents it. */
  private async issue(username: string | null, purpose: Purpose, devices: MfaDevice[] | undefined): Promise<AuthenticateChallengeJson> {
    const keys = devices?.filter((d) => d.type === 'webauthn');
    const totp = !!devices?.some((d) => d.type === 'totp');
    if (keys && !keys.length) return presentChallenge(totp, undefined);
    const publicKey = await this.rp.requestOptions(keys);
    const now = this.now();
    await this.repo.putChallenge({ challenge: String(publicKey.challenge), username, scope: purpose, token_hash: null, data: '{}', expires_at: now + challengeTtlMs, created_at: now });
    return presentChallenge(totp, publicKey);
  }

  async verify(username: string, scope: ChallengeScope, answer: MfaResponseJson, remoteAddr: string): Promise<{ device: string }> {
    const device = await this.guarded(username, scope, remoteAddr, () => {
      if (answer.webauthn_response !== undefined) return this.checkAssertion(username, scope, parseAssertion(answer.webauthn_response));
      if (answer.totp_code !== undefined) return this.checkCode(username, answer.totp_code);
      throw badRequest('answer with a code from your authenticator app or a tap on your security key');
    });
    return { device: device.name };
  }

  /** Checks a passkey's answer to a passwordless challenge and answers the name of the user it signs in. */
  async verifyPasswordless(raw: unknown, remoteAddr: string): Promise<string> {
    let assertion: Assertion | undefined;
    const username = await this.guarded(undefined, 'passwordless', remoteAddr, async () => {
      assertion = parseAssertion(raw);
      if (!assertion.userHandle || !(await this.store.users.get(assertion.userHandle))) throw forbidden(unknownPasskey);
      return assertion.userHandle;
    });
    await this.guarded(username, 'passwordless', remoteAddr, () => this.checkAssertion(username, 'passwordless', assertion!));
    return username;
  }

  /**
   * Runs a check of `username`'s answer: refused unchecked while they are locked out; a refusal (any 4xx) is
   * audited and counted towards the lockout, and a success ends a run of failures.
   */
  private async guarded<T>(username: string | undefined, purpose: Purpose, remoteAddr: string, check: () => Promise<T>): Promise<T> {
    const now = this.now();
    const user = username === undefined ? undefined : await this.store.users.get(username);
    if (user && isLockedOut(user, now)) {
      await this.audit(this.store, user.name, purpose, 'user is locked out', remoteAddr, now);
      throw forbidden(lockedOutMessage(user));
    }
    try {
      const result = await check();
      if (user?.failedLogins) await this.store.users.update(user.name, { failedLogins: 0 });
      return result;
    } catch (err) {
      if (err instanceof HttpError && err.status < 500) {
        await this.store.transaction(async (tx) => {
          await this.audit(tx, username ?? '', purpose, err.message, remoteAddr, now);
          if (user) await countFailure(tx, user.name, now);
        });
      }
      throw err;
    }
  }

  private async audit(store: Store, username: string, purpose: Purpose, error: string, remoteAddr: string, now: number): Promise<void> {
    const common = { user: username, error, success: false, 'addr.remote': remoteAddr };
    if (purpose === 'login' || purpose === 'passwordless') await recordEvent(store, 'USER_LOCAL_LOGINFAILURE', { ...common, method: purpose === 'login' ? 'mfa' : 'passwordless' }, now);
    else await recordEvent(store, 'MFA_AUTH_FAILURE', { ...common, scope: purpose }, now);
  }

  /**
   * An assertion answers only a live challenge issued for the same purpose and user, once; it must come from
   * one of the user's keys (a passkey, to sign in without a password) and pass the relying party's checks.
   */
  private async checkAssertion(username: string, purpose: Purpose, assertion: Assertion): Promise<MfaDevice> {
    const now = this.now();
    const challenge = await this.repo.takeChallenge(assertion.clientData.challenge);
    if (!challenge) throw forbidden('this challenge was answered already or was never issued (each is good for one answer): ask for a new one');
    if (challenge.expires_at <= now) throw forbidden(`the challenge expired (they last ${challengeTtlMs / 60_000} minutes): ask for a new one`);
    if (challenge.scope !== purpose || challenge.username !== (purpose === 'passwordless' ? null : username)) {
      throw forbidden(`this answers a challenge for ${purposes[challenge.scope] ?? challenge.scope}, not for ${purposes[purpose]}: ask for a new challenge`);
    }
    const device = await this.repo.deviceByCredential(assertion.json.id);
    if (!device || device.username !== username || !this.allows('webauthn') || (purpose === 'passwordless' && !device.residentKey)) {
      throw forbidden(purpose === 'passwordless' ? unknownPasskey : 'this security key is not registered to you: use a key listed under your two-factor devices');
    }
    const counter = await this.rp.checkAssertion(assertion, challenge.challenge, device, purpose === 'passwordless');
    // Checked again by the database, so two answers signed with the same counter cannot both pass.
    if (!(await this.repo.useSignCount(device.id, counter, now))) throw forbidden(counterNotForward(device, counter));
    return this.unlocked(device);
  }

  /** A TOTP code from one of the user's apps, within a step of now and later than the last code it accepted. */
  private async checkCode(username: string, code: string): Promise<MfaDevice> {
    if (!totpCodeShape.test(code)) throw badRequest('enter the 6-digit code your authenticator app shows');
    const apps = (await this.usableDevices(username)).filter((d) => d.type === 'totp');
    if (!apps.length) throw badRequest('you have no authenticator app registered here: answer with your security key instead');
    const now = this.now();
    let replayed = false;
    for (const app of apps) {
      const result = checkTotp(app.totpSecret!, code, now, app.totpLastStep);
      if ('step' in result && (await this.repo.useTotpStep(app.id, result.step, now))) return this.unlocked(app);
      replayed ||= 'step' in result || result.refused === 'replayed';
    }
    throw forbidden(
      replayed
        ? 'this code was used already: wait for the next one your authenticator app shows'
        : "the code is wrong or has expired: enter the code your authenticator app shows now, and check that the device's clock is right",
    );
  }

  /** The device that gave a right answer, unless a lock covers it: checked inside `guarded`, so the refusal is audited. */
  private unlocked(device: MfaDevice): MfaDevice {
    const lock = this.locks?.find({ mfa_device: device.id, user: device.username });
    if (lock) throw forbidden(lockMessage(lock));
    return device;
  }

  /**
   * Re-authentication buys a privilege token, which adding or removing a device spends. A user with a device
   * must answer a 'reauth' challenge or give a code; one without may ask with no answer, to add a first one.
   */
  async createPrivilegeToken(username: string, answer: MfaResponseJson, remoteAddr: string): Promise<string> {
    if (await this.hasDevice(username)) {
      if (answer.totp_code === undefined && answer.webauthn_response === undefined) {
        throw badRequest('confirm it is you first: enter a code from your authenticator app or tap your security key');
      }
      await this.verify(username, 'reauth', answer, remoteAddr);
    }
    const now = this.now();
    const value = newTokenValue();
    await this.store.transaction(async (tx) => {
      await tx.userTokens.deleteForUser(username, 'privilege');
      await tx.userTokens.create({ idHash: hashToken(value), username, kind: 'privilege', expiresAt: now + privilegeTtlMs, createdAt: now });
      await recordEvent(tx, 'PRIVILEGE_TOKEN_CREATED', { user: username, name: username }, now);
    });
    return value;
  }
}
