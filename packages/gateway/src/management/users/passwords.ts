import { badRequest, forbidden, HttpError, notFound } from '../../platform/access/errors';
import type { GatewayConfig } from '../../platform/config/config';
import type { PasswordHasher } from '../../platform/passwords/password';
import type { User } from '../../platform/storage/repos/users';
import type { Store } from '../../platform/storage/store';
import { recordEvent } from '../audit/record';
import type { PendingDevice } from '../mfa/devices';
import { hashRecoveryCode, issueRecoveryCodes } from '../mfa/recovery';
import { mfaAnswer } from '../mfa/schemas';
import type { MfaService } from '../mfa/service';
import { countFailure, isLockedOut } from '../websessions/lockout';
import type { ChangePasswordBody, SetPasswordBody } from './schemas';
import { linkInvalid, type UserService, type UserTokenValue } from './service';
import { tokenAuditId } from './tokens';

/** What setting a password with a token did: whose it was, and the recovery codes issued with it, if any. */
export interface PasswordSet {
  username: string;
  recoveryCodes: string[];
  at: number;
}

const wrongRecovery = 'the user name or recovery code is wrong, or the code was used already: check them, or ask an administrator for a reset link';

/**
 * Passwords: setting one with an invite or reset token (registering a second factor with it), changing one's
 * own (with the second factor when the user has one), and recovery codes, which buy a reset link.
 */
export class PasswordService {
  constructor(
    private readonly store: Store,
    private readonly config: GatewayConfig,
    private readonly hasher: PasswordHasher,
    private readonly mfa: MfaService,
    private readonly users: UserService,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * PUT /users/password/token: sets the password and registers the device answering the token's register
   * challenge; both, with the token spent, the devices a reset replaces removed and recovery codes issued, in one
   * transaction. A device is required when every user must have one; a passkey may stand in for the password.
   */
  async setWithToken(body: SetPasswordBody): Promise<PasswordSet> {
    const token = await this.users.liveToken(body.token);
    const answer = mfaAnswer(body.second_factor_token, body.webauthnCreationResponse);
    let pending: PendingDevice | undefined;
    if (answer.totp_code !== undefined || answer.webauthn_response !== undefined) {
      const registration = { deviceName: body.deviceName, secondFactorToken: answer.totp_code, webauthnResponse: answer.webauthn_response };
      pending = await this.mfa.devices.registering(token.username, () => this.mfa.devices.checkRegistration(token, registration));
    } else if (this.mfa.required) {
      throw badRequest('this gateway requires a second factor: register an authenticator app or a security key along with your password');
    }
    if (body.password === '' && !pending?.device.residentKey) throw badRequest('enter a password, or register a passkey to sign in without one');
    const passwordHash = body.password === '' ? null : await this.hasher.hash(body.password);
    const now = this.now();
    return this.store.transaction(async (tx) => {
      // Spent inside the transaction, so two concurrent uses cannot both succeed.
      if (!(await tx.userTokens.delete(token.idHash))) throw notFound(linkInvalid);
      // A reset is how a lost device is replaced: the devices registered before go with the old password.
      if (token.kind === 'reset') await this.mfa.devices.removeAll(tx, token.username, now);
      await tx.users.update(token.username, { passwordHash, failedLogins: 0, lockedUntil: null });
      await tx.webSessions.deleteForUser(token.username);
      if (pending) await this.mfa.devices.save(tx, pending, now);
      await recordEvent(tx, 'INVITE_TOKEN_USED', { user: token.username, name: token.username, token_id: tokenAuditId(body.token), token_type: token.kind }, now);
      if (passwordHash) await recordEvent(tx, 'USER_PASSWORD_CHANGED', { user: token.username }, now);
      const recoveryCodes = this.config.auth.recoveryCodes ? await issueRecoveryCodes(this.mfa.repo, tx, token.username, now) : [];
      return { username: token.username, recoveryCodes, at: now };
    });
  }

  /** PUT /users/password: the old password, then the second factor when the user has a device; failures audited. */
  async change(user: User, body: ChangePasswordBody, remoteAddr: string): Promise<void> {
    const refused = async (error: string) => recordEvent(this.store, 'USER_PASSWORD_CHANGE_FAILURE', { user: user.name, error }, this.now());
    const ok = user.passwordHash ? await this.hasher.verify(user.passwordHash, body.old_password) : false;
    if (!ok) {
      await refused('the old password is wrong');
      throw forbidden('the old password is wrong');
    }
    if (await this.mfa.hasDevice(user.name)) {
      const answer = mfaAnswer(body.second_factor_token, body.webauthnAssertionResponse);
      try {
        if (answer.totp_code === undefined && answer.webauthn_response === undefined) {
          throw badRequest('confirm it is you: enter a code from your authenticator app or tap your security key');
        }
        await this.mfa.verify(user.name, 'reauth', answer, remoteAddr);
      } catch (err) {
        if (err instanceof HttpError && err.status < 500) await refused(err.message);
        throw err;
      }
    }
    const passwordHash = await this.hasher.hash(body.new_password);
    await this.store.transaction(async (tx) => {
      await tx.users.update(user.name, { passwordHash });
      await recordEvent(tx, 'USER_PASSWORD_CHANGED', { user: user.name }, this.now());
    });
  }

  /**
   * POST /recovery: a recovery code buys a reset link (a new password and a new device). Spent once; a wrong one
   * is audited and counts towards the lockout, and the answer never says whether the user exists.
   */
  async recover(username: string, code: string, remoteAddr: string): Promise<UserTokenValue> {
    if (!this.config.auth.recoveryCodes) throw notFound('recovery codes are not enabled on this gateway: ask an administrator for a reset link');
    const now = this.now();
    const user = await this.store.users.get(username);
    const fail = async (tx: Store, error: string) => recordEvent(tx, 'RECOVERY_CODE_USED_FAILURE', { user: username, error, success: false, 'addr.remote': remoteAddr }, now);
    if (!user || isLockedOut(user, now)) {
      await fail(this.store, user ? 'user is locked out' : 'no such user');
      throw forbidden(wrongRecovery);
    }
    const token = await this.store.transaction(async (tx) => {
      if (!(await this.mfa.repo.useRecoveryCode(username, hashRecoveryCode(code), now, tx))) return undefined;
      await recordEvent(tx, 'RECOVERY_CODE_USED', { user: username, success: true, 'addr.remote': remoteAddr }, now);
      return this.users.createToken(username, username, 'reset', tx);
    });
    if (token) return token;
    await this.store.transaction(async (tx) => {
      await fail(tx, 'the recovery code is wrong or was used already');
      await countFailure(tx, username, now);
    });
    throw forbidden(wrongRecovery);
  }
}
