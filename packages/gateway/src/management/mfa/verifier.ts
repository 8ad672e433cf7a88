import type { AuthenticateChallengeJson, ChallengeScope, MfaResponseJson } from '@portcullis/shared';

/**
 * Asking a signed-in user for a second factor and checking the answer. Everything that needs one (changing
 * devices, per-session MFA, approving a headless sign-in) goes through this, so one place decides what a
 * valid answer is: a TOTP code not used before, or a WebAuthn assertion for this gateway's origin and RP id,
 * a live single-use challenge of the same scope, and a signature counter that moved forward.
 */
export interface SecondFactor {
  /** Whether the user has a device able to answer at all. */
  hasDevice(username: string): Promise<boolean>;
  /** A challenge for the user's devices, answerable once, for `scope` only. */
  challenge(username: string, scope: ChallengeScope): Promise<AuthenticateChallengeJson>;
  /**
   * Checks an answer; on success records the device's use and returns its name. A wrong answer is audited,
   * counts towards the login lockout, and throws an HttpError with a 4xx status and a message for a person.
   */
  verify(username: string, scope: ChallengeScope, answer: MfaResponseJson, remoteAddr: string): Promise<{ device: string }>;
}
