import { HttpError } from '../../platform/access/errors';
import { mfaAnswer } from '../mfa/schemas';
import type { MfaService } from '../mfa/service';
import { LoginFailed, type IssuedSession, type WebSessionService } from './service';

/**
 * Signing in: a password, with a TOTP code when the user needs a second factor; a password checked first and
 * then a key's answer to the login challenge; or a passkey alone. Only here does a sign-in become a session.
 */
export class LoginService {
  constructor(
    private readonly sessions: WebSessionService,
    private readonly mfa: MfaService,
  ) {}

  /** POST /sessions/web. Every failure throws LoginFailed after auditing it, so a caller cannot tell which part was wrong. */
  async withPassword(username: string, password: string, remoteAddr: string, totpCode?: string): Promise<IssuedSession> {
    const user = await this.sessions.checkPassword(username, password, remoteAddr);
    if (await this.mfa.requiredFor(username)) {
      try {
        await this.mfa.verify(username, 'login', totpCode === undefined ? {} : { totp_code: totpCode }, remoteAddr);
      } catch (err) {
        if (err instanceof HttpError && err.status < 500) throw new LoginFailed();
        throw err;
      }
    }
    return this.sessions.signIn(user, remoteAddr, 'local');
  }

  /** POST /mfa/login/finishsession with a user: the key's answer to the challenge begin issued after the password. */
  async withKey(username: string, assertion: unknown, remoteAddr: string): Promise<IssuedSession> {
    await this.mfa.verify(username, 'login', mfaAnswer(undefined, assertion), remoteAddr);
    return this.sessions.signInAs(username, remoteAddr, 'local');
  }

  /** POST /mfa/login/finishsession without a user: whoever the passkey names. */
  async withPasskey(assertion: unknown, remoteAddr: string): Promise<IssuedSession> {
    const username = await this.mfa.verifyPasswordless(assertion, remoteAddr);
    return this.sessions.signInAs(username, remoteAddr, 'passwordless');
  }
}
