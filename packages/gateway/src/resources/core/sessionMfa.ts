import { mfaResponseMessage, type MfaResponseJson } from '@portcullis/shared';
import type { SecondFactor } from '../../management/mfa/verifier';
import { HttpError } from '../../platform/access/errors';
import type { Identity } from '../../platform/access/identity';
import { sendControl, type Held, type PartySocket } from './socket';

/** How long a session waits for the answer to its second-factor challenge. */
export const sessionMfaTimeoutMs = 60_000;

/** An answer to a 'session' challenge without its message type: file transfer's `webauthn` parameter holds one as JSON. */
export const sessionMfaAnswer = mfaResponseMessage.omit({ type: true }).strict();

/**
 * Per-session MFA: a second factor before every session when one of the user's roles sets
 * `require_session_mfa`, unless the web session was itself approved with one (a headless sign-in is).
 */
export const sessionMfaRequired = (identity: Identity): boolean => identity.roles.requireSessionMfa() && !identity.session.mfaVerified;

/**
 * Checks an answer to a 'session' challenge: undefined when it is accepted, otherwise why not, in words for the
 * user and the audit log. Anything but a refusal of the answer (storage down …) is thrown.
 */
export async function checkSessionAnswer(mfa: SecondFactor, identity: Identity, answer: MfaResponseJson | undefined, remoteAddr: string): Promise<string | undefined> {
  if (!answer?.totp_code && !answer?.webauthn_response) return 'a second factor is required for every session, and none was given';
  try {
    await mfa.verify(identity.user.name, 'session', answer, remoteAddr);
    return undefined;
  } catch (err) {
    if (err instanceof HttpError && err.status < 500) return `the second factor was not accepted: ${err.message}`;
    throw err;
  }
}

/**
 * Asks for the second factor on the session's socket: sends the challenge, waits for the client's answer (held
 * apart from its keystrokes, which wait for the shell) and checks it. Undefined when the session may open,
 * otherwise why not.
 */
export async function askOnSocket(mfa: SecondFactor, socket: PartySocket, held: Held, identity: Identity, remoteAddr: string, timeoutMs: number): Promise<string | undefined> {
  const user = identity.user.name;
  if (!(await mfa.hasDevice(user))) {
    return 'your roles require a second factor for every session and you have no MFA device: add one in Account settings, Two-Factor Devices (/web/account/twofactor)';
  }
  const challenge = await mfa.challenge(user, 'session');
  sendControl(socket, { type: 'mfa-challenge', ...(challenge.webauthn_challenge && { webauthn: challenge.webauthn_challenge }), totp: challenge.totp_challenge });
  const answer = await held.take('mfa-response', timeoutMs);
  if ('missing' in answer) {
    return answer.missing === 'timeout' ? `no second factor was given within ${timeoutMs / 1000} s` : 'the connection closed before a second factor was given';
  }
  const { webauthn_response, totp_code } = answer.message;
  return checkSessionAnswer(mfa, identity, { ...(webauthn_response && { webauthn_response }), ...(totp_code && { totp_code }) }, remoteAddr);
}
