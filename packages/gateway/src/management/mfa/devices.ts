import { randomBytes, randomUUID } from 'node:crypto';
import type { MfaDeviceType, MfaDeviceUsage, RegisterChallengeJson, RegisterChallengeRequest } from '@portcullis/shared';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../platform/access/errors';
import type { GatewayConfig } from '../../platform/config/config';
import type { UserToken } from '../../platform/storage/repos/tokens';
import type { Store } from '../../platform/storage/store';
import { recordEvent } from '../audit/record';
import { liveUserToken } from '../users/tokens';
import { deviceAuditFields, presentTotpRegistration, presentWebauthnRegistration } from './presenter';
import type { MfaDevice } from './repo';
import type { AddDeviceBody } from './schemas';
import type { MfaService } from './service';
import { checkTotp, newTotpSecret, totpCodeShape } from './totp';
import { challengeTtlMs } from './webauthn';

/** What a registration challenge remembers until it is answered. */
type Registration = { type: 'totp'; usage: 'mfa'; secret: string } | { type: 'webauthn'; usage: MfaDeviceUsage };

/** A device whose registration was checked, to be stored with whatever else its request changes. */
export interface PendingDevice {
  device: MfaDevice;
  /** A TOTP registration's challenge, spent when the device is stored (a key's is spent when checked). */
  challenge?: string;
}

/** The answer to a registration challenge, from PUT /users/password/token or POST /mfa/devices. */
export interface RegistrationAnswer {
  deviceName?: string | undefined;
  deviceUsage?: MfaDeviceUsage | undefined;
  secondFactorToken?: string | undefined;
  webauthnResponse?: unknown;
}

/** The name a device gets when its owner gives none (the invite page may not ask). */
const defaultName = (r: Registration) => (r.type === 'totp' ? 'otp' : r.usage === 'passwordless' ? 'passkey' : 'webauthn');

const privilegeExpired = 'the privilege token is invalid or has expired (it lasts 5 minutes and is good for one change): confirm it is you again';

/**
 * Registering and removing devices. A registration is challenged on a token (an invite or reset link, or the
 * privilege token re-authentication bought) and answered once; removing a device spends a privilege token and
 * may not leave a user who must have a second factor without one.
 */
export class MfaDevices {
  constructor(
    private readonly store: Store,
    private readonly config: GatewayConfig,
    private readonly mfa: MfaService,
    private readonly now: () => number = Date.now,
  ) {}

  private checkAllowed(type: MfaDeviceType, usage: MfaDeviceUsage): void {
    const mode = this.config.auth.secondFactor;
    if (mode === 'off') throw badRequest('second factors are turned off on this gateway (auth.secondFactor: off): ask an administrator to turn them on');
    if (!this.mfa.allows(type)) {
      const accepted = mode === 'otp' ? 'authenticator apps (deviceType totp)' : 'security keys and passkeys (deviceType webauthn)';
      throw badRequest(`this gateway accepts only ${accepted} as second factors (auth.secondFactor: ${mode})`);
    }
    if (usage === 'passwordless' && type !== 'webauthn') throw badRequest('only a security key or a device holding passkeys can sign in without a password: choose deviceType webauthn');
  }

  /** A live invite, reset or privilege token, on which a device may be registered. */
  private async registrationToken(value: string, now: number): Promise<UserToken> {
    const token = await liveUserToken(this.store, value, ['invite', 'reset', 'privilege'], now);
    if (!token) throw notFound('this token is invalid or has expired: open your invite or reset link again, or confirm it is you again to change your devices');
    return token;
  }

  /** A live privilege token of `username`. */
  private async privilegeToken(value: string, username: string | undefined, now: number): Promise<UserToken> {
    const token = await liveUserToken(this.store, value, ['privilege'], now);
    if (!token || (username !== undefined && token.username !== username)) throw forbidden(privilegeExpired);
    return token;
  }

  /** POST /mfa/token/{tokenId}/registerchallenge: a new TOTP secret, or creation options for a key. */
  async registerChallenge(tokenValue: string, request: RegisterChallengeRequest): Promise<RegisterChallengeJson> {
    const usage = request.deviceUsage ?? 'mfa';
    this.checkAllowed(request.deviceType, usage);
    const now = this.now();
    const token = await this.registrationToken(tokenValue, now);
    const row = { username: token.username, scope: 'register', token_hash: token.idHash, expires_at: now + challengeTtlMs, created_at: now };
    let json: RegisterChallengeJson;
    let challenge: string;
    let registration: Registration;
    if (request.deviceType === 'totp') {
      const secret = newTotpSecret();
      json = await presentTotpRegistration(secret, `${token.username}@${this.config.clusterName}`, this.mfa.rp.name);
      challenge = randomBytes(16).toString('base64url');
      registration = { type: 'totp', usage: 'mfa', secret };
    } else {
      // A reset replaces every device, so the keys registered before may register again.
      const exclude = token.kind === 'reset' ? [] : await this.mfa.repo.devices(token.username);
      const publicKey = await this.mfa.rp.creationOptions(token.username, exclude, usage === 'passwordless');
      json = presentWebauthnRegistration(publicKey);
      challenge = String(publicKey.challenge);
      registration = { type: 'webauthn', usage };
    }
    await this.store.transaction(async (tx) => {
      // One registration at a time per token: asking again replaces the pending one.
      await this.mfa.repo.dropRegistration(token.idHash, tx);
      await this.mfa.repo.putChallenge({ ...row, challenge, data: JSON.stringify(registration) }, tx);
    });
    return json;
  }

  /**
   * Checks the answer to the registration pending on `token` and answers the device to store. A wrong TOTP
   * code may be typed again; a key's answer spends its challenge whether it passes or not.
   */
  async checkRegistration(token: UserToken, answer: RegistrationAnswer): Promise<PendingDevice> {
    const now = this.now();
    const pending = await this.mfa.repo.pendingRegistration(token.idHash);
    if (!pending || pending.expires_at <= now) {
      throw badRequest(`no device registration is pending on this token, or it expired (after ${challengeTtlMs / 60_000} minutes): start adding the device again`);
    }
    const registration = JSON.parse(pending.data) as Registration;
    if (answer.deviceUsage && answer.deviceUsage !== registration.usage) {
      throw badRequest(`the registration was started for deviceUsage ${registration.usage}, not ${answer.deviceUsage}: start adding the device again`);
    }
    const name = answer.deviceName ?? defaultName(registration);
    // A reset removes the devices registered before, names and all.
    if (token.kind !== 'reset' && (await this.mfa.repo.device(token.username, name))) throw conflict(`you already have a device named "${name}": choose another name`);
    const device = { id: randomUUID(), username: token.username, name, addedAt: now, lastUsed: now };
    if (registration.type === 'totp') {
      const code = answer.secondFactorToken;
      if (!code || !totpCodeShape.test(code)) throw badRequest('enter the 6-digit code your authenticator app shows for the new account');
      const checked = checkTotp(registration.secret, code, now, null);
      if (!('step' in checked)) {
        throw badRequest("the code does not match the new secret: scan the QR code again (or type the secret), check that the device's clock is right, and enter the code it shows now");
      }
      const totp = { type: 'totp' as const, totpSecret: registration.secret, totpLastStep: checked.step, credentialId: null, publicKey: null, signCount: 0, transports: [], residentKey: false };
      return { device: { ...device, ...totp }, challenge: pending.challenge };
    }
    if (answer.webauthnResponse === undefined) throw badRequest('answer the security key prompt to register the key');
    if (!(await this.mfa.repo.takeChallenge(pending.challenge))) throw forbidden('this registration was answered already: start adding the device again');
    const credential = await this.mfa.rp.checkRegistration(answer.webauthnResponse, pending.challenge, registration.usage === 'passwordless');
    if (await this.mfa.repo.deviceByCredential(credential.credentialId)) throw conflict('this security key is registered already');
    return { device: { ...device, type: 'webauthn', totpSecret: null, totpLastStep: null, ...credential, residentKey: registration.usage === 'passwordless' } };
  }

  /** Stores a checked device and audits it, in the transaction of the request that registers it. */
  async save(tx: Store, pending: PendingDevice, now: number): Promise<void> {
    if (pending.challenge && !(await this.mfa.repo.takeChallenge(pending.challenge, tx))) throw forbidden('this registration was completed already: start adding the device again');
    await this.mfa.repo.addDevice(pending.device, tx);
    await recordEvent(tx, 'MFA_DEVICE_ADD', deviceAuditFields(pending.device), now);
  }

  /** Runs a registration, auditing a refusal as MFA_DEVICE_ADD_FAILURE. */
  async registering<T>(username: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof HttpError && err.status < 500) await recordEvent(this.store, 'MFA_DEVICE_ADD_FAILURE', { user: username, error: err.message, success: false }, this.now());
      throw err;
    }
  }

  /** POST /mfa/devices: registers a signed-in user's device with their privilege token, which it spends. */
  async add(username: string, request: AddDeviceBody): Promise<void> {
    await this.registering(username, async () => {
      const token = await this.privilegeToken(request.tokenId, username, this.now());
      const pending = await this.checkRegistration(token, {
        deviceName: request.deviceName,
        deviceUsage: request.deviceUsage,
        secondFactorToken: request.secondFactorToken,
        webauthnResponse: request.webauthnRegisterResponse,
      });
      await this.store.transaction(async (tx) => {
        if (!(await tx.userTokens.delete(token.idHash))) throw forbidden(privilegeExpired);
        await this.save(tx, pending, this.now());
      });
    });
  }

  /** The devices of a token's user, for the pages that hold a token rather than a session. */
  async listWithToken(tokenValue: string): Promise<MfaDevice[]> {
    const token = await this.registrationToken(tokenValue, this.now());
    return this.mfa.repo.devices(token.username);
  }

  /** A 'reauth' challenge of a token's user's devices, for a page that holds a reset or privilege token. */
  async challengeWithToken(tokenValue: string) {
    const token = await liveUserToken(this.store, tokenValue, ['reset', 'privilege'], this.now());
    if (!token) throw notFound('this token is invalid or has expired: open your reset link again, or confirm it is you again');
    return this.mfa.challenge(token.username, 'reauth');
  }

  /**
   * DELETE /mfa/token/{tokenId}/devices/{deviceName}: removes a device, spending the privilege token. The last
   * device the configuration accepts stays while a second factor is required, and a user without a password
   * keeps their last passkey.
   */
  async remove(tokenValue: string, name: string): Promise<void> {
    const now = this.now();
    const token = await this.privilegeToken(tokenValue, undefined, now);
    await this.store.transaction(async (tx) => {
      const devices = await this.mfa.repo.devices(token.username, tx);
      const device = devices.find((d) => d.name === name);
      if (!device) throw notFound(`you have no device named "${name}"`);
      const others = devices.filter((d) => d !== device);
      if (this.mfa.required && !others.some((d) => this.mfa.allows(d.type))) {
        throw conflict(`"${name}" is your last second factor and this gateway requires one: add another device before removing it`);
      }
      const user = await tx.users.get(token.username);
      if (!user?.passwordHash && device.residentKey && !others.some((d) => d.residentKey)) {
        throw conflict(`"${name}" is your only way to sign in, as you have no password: add another passkey before removing it`);
      }
      if (!(await tx.userTokens.delete(token.idHash))) throw forbidden(privilegeExpired);
      await this.mfa.repo.deleteDevice(token.username, name, tx);
      await recordEvent(tx, 'MFA_DEVICE_DELETE', deviceAuditFields(device), now);
    });
  }

  /** Removes every device of a user whose password a reset replaces, auditing each. */
  async removeAll(tx: Store, username: string, now: number): Promise<void> {
    for (const device of await this.mfa.repo.deleteDevices(username, tx)) await recordEvent(tx, 'MFA_DEVICE_DELETE', deviceAuditFields(device), now);
  }
}
