import {
  apiPaths,
  type ApiClient,
  type AuthenticateChallengeJson,
  type BearerTokenJson,
  encodePassword,
  type MfaLoginBeginRequest,
  type MfaLoginFinishRequest,
} from '@portcullis/shared';
import { getAssertion, supportsWebauthn, webauthnUnsupportedMessage } from '../mfa/webauthn';

/**
 * Signs in with a password and then a security-key tap. The chain is: check the browser can use a key (before the
 * password is even sent), begin (the gateway checks the password and challenges the user's keys), the browser's
 * prompt, finish. The answer is the login session, with its cookie set, as POST /sessions/web gives it.
 */
export function loginWithSecurityKey(
  api: ApiClient,
  { user, pass }: { user: string; pass: string },
): Promise<BearerTokenJson> {
  return keyChain(api, { user, pass: encodePassword(pass) }, user);
}

/** Signs in with a passkey alone: the same chain, with a challenge any of the site's passkeys can answer. */
export function loginWithPasskey(api: ApiClient): Promise<BearerTokenJson> {
  return keyChain(api, { passwordless: true });
}

async function keyChain(
  api: ApiClient,
  begin: MfaLoginBeginRequest,
  user?: string,
): Promise<BearerTokenJson> {
  if (!supportsWebauthn()) throw new Error(webauthnUnsupportedMessage);
  const challenge = await api.post<AuthenticateChallengeJson>(apiPaths.mfaLoginBegin, begin);
  if (!challenge.webauthn_challenge) {
    throw new Error('This account has no security key registered: choose another second factor.');
  }
  const assertion = await getAssertion(challenge.webauthn_challenge);
  return api.post<BearerTokenJson>(apiPaths.mfaLoginFinish, {
    ...(user !== undefined && { user }),
    webauthnAssertionResponse: assertion,
  } satisfies MfaLoginFinishRequest);
}
