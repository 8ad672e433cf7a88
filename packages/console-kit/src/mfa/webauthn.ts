import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser';
import type { WebauthnOptionsJson, WebauthnResponseJson } from '@portcullis/shared';

/** What a browser without the Web Authentication API is told, word for word as the product says it. */
export const webauthnUnsupportedMessage =
  'this browser does not support Webauthn required for hardware tokens, please try the latest version of Chrome, Firefox or Safari';
/** The browser's prompt ended without a new credential. */
export const credentialCreateFailedMessage = 'error creating credential, please try again';
/** The browser's prompt ended without an assertion. */
export const credentialGetFailedMessage = 'error obtaining credential, please try again';

/** Whether this browser can use security keys and passkeys at all. */
export const supportsWebauthn = (): boolean => browserSupportsWebAuthn();

/** Registers a new security key or passkey: the browser's prompt for the gateway's creation options. */
export function createCredential(challenge: {
  publicKey: WebauthnOptionsJson;
}): Promise<WebauthnResponseJson> {
  return prompt(credentialCreateFailedMessage, () =>
    startRegistration({
      optionsJSON: challenge.publicKey as unknown as PublicKeyCredentialCreationOptionsJSON,
    }),
  );
}

/** Answers an authenticate challenge with a key tap: the browser's prompt for the gateway's request options. */
export function getAssertion(challenge: { publicKey: WebauthnOptionsJson }): Promise<WebauthnResponseJson> {
  return prompt(credentialGetFailedMessage, () =>
    startAuthentication({
      optionsJSON: challenge.publicKey as unknown as PublicKeyCredentialRequestOptionsJSON,
    }),
  );
}

/**
 * Runs one browser prompt. The browser's own refusals (the user cancelled, the key is already registered, the
 * prompt timed out) keep their message, which says what happened; a prompt that gave back no credential, or
 * options the browser could not read, is the product's "please try again".
 */
async function prompt(missing: string, start: () => Promise<object>): Promise<WebauthnResponseJson> {
  if (!supportsWebauthn()) throw new Error(webauthnUnsupportedMessage);
  try {
    return { ...(await start()) };
  } catch (err) {
    if (err instanceof WebAuthnError) throw err;
    throw new Error(missing, { cause: err });
  }
}
