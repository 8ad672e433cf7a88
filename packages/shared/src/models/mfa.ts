/**
 * The second-factor wire: challenges the gateway issues and the answers browsers and the command line send.
 * WebAuthn options and responses are the JSON forms of the Web Authentication API (base64url binary fields),
 * kept opaque here so neither side depends on the other's WebAuthn library.
 */

/** PublicKeyCredentialCreationOptions or PublicKeyCredentialRequestOptions as JSON. */
export type WebauthnOptionsJson = Record<string, unknown>;
/** A RegistrationResponseJSON or AuthenticationResponseJSON, as the browser's WebAuthn library produces it. */
export type WebauthnResponseJson = Record<string, unknown>;

/** What kind of device is registered. */
export type MfaDeviceType = 'totp' | 'webauthn';
/** A WebAuthn device registered for `passwordless` is a discoverable credential (a passkey). */
export type MfaDeviceUsage = 'mfa' | 'passwordless';

/** POST /mfa/token/{tokenId}/registerchallenge: what to register, on an invite, reset or privilege token. */
export interface RegisterChallengeRequest {
  deviceType: MfaDeviceType;
  deviceUsage?: MfaDeviceUsage;
}

/** The answer: the TOTP secret to show (as a QR code and as text), or the WebAuthn creation options. */
export interface RegisterChallengeJson {
  totp?: {
    /** A PNG of the otpauth:// URI, base64 without a data: prefix. */
    qrCode: string;
    /** The account name the authenticator app shows. */
    account: string;
    /** The base32 secret, for typing in when the camera cannot be used. */
    secret: string;
  };
  webauthn?: { publicKey: WebauthnOptionsJson };
}

/** An authenticate challenge: a WebAuthn request when the user has a key, and whether a TOTP code is accepted. */
export interface AuthenticateChallengeJson {
  webauthn_challenge?: { publicKey: WebauthnOptionsJson };
  totp_challenge: boolean;
}

/** What an authenticate challenge is for; an answer is only accepted for the purpose it was issued for. */
export type ChallengeScope = 'login' | 'reauth' | 'session' | 'headless';

/** POST /mfa/authenticatechallenge (signed in): re-authentication, a session's MFA, or a headless approval. */
export interface AuthenticateChallengeRequest {
  scope?: Exclude<ChallengeScope, 'login'>;
}

/** POST /mfa/login/begin: a passwordless challenge, or the password-checked challenge of a user's devices. */
export interface MfaLoginBeginRequest {
  passwordless?: boolean;
  user?: string;
  pass?: string;
}

/** POST /mfa/login/finishsession: the assertion answering the login challenge (user omitted for passkeys). */
export interface MfaLoginFinishRequest {
  user?: string;
  webauthnAssertionResponse: WebauthnResponseJson;
}

/** An answer to any authenticate challenge: a TOTP code or a WebAuthn assertion. */
export interface MfaResponseJson {
  totp_code?: string;
  webauthn_response?: WebauthnResponseJson;
}

/** POST /users/privilege/token: re-authentication buys a short-lived token that device changes require. */
export interface PrivilegeTokenRequest {
  secondFactorToken?: string;
  webauthnAssertionResponse?: WebauthnResponseJson;
}

/** POST /mfa/devices: register a device with the privilege token's register challenge answered. */
export interface AddMfaDeviceRequest {
  tokenId: string;
  deviceName: string;
  deviceUsage?: MfaDeviceUsage;
  secondFactorToken?: string;
  webauthnRegisterResponse?: WebauthnResponseJson;
}

/** What PUT /users/password/token answers: recovery codes when the gateway issues them, shown once. */
export interface SetPasswordJson {
  recovery: { codes: string[]; createdDate: string | null };
  privateKeyPolicyEnabled: boolean;
}

/** GET /headless/{requestId}: who asked to sign in headless, from where. */
export interface HeadlessRequestJson {
  id: string;
  user: string;
  client_ip_address: string;
  state: 'pending' | 'approved' | 'denied';
  expires: string;
}

/** PUT /headless/{requestId}: approve with a second factor, or deny. */
export type HeadlessDecisionRequest = { action: 'accept'; mfaResponse: MfaResponseJson } | { action: 'denied' };

/** POST /mfa/required on a cluster: whether opening this login on this node needs a second factor first. */
export interface MfaRequiredRequest {
  node: { node_name: string; login: string };
}

export interface MfaRequiredJson {
  required: boolean;
}

/** POST /login/headless (command line): ask for a headless sign-in that a signed-in browser approves. */
export interface HeadlessLoginRequest {
  user: string;
}

/**
 * The answer: the request to have approved at `url`, and a secret only the asking process holds; the session
 * it then collects is issued to that secret, not to whoever approved.
 */
export interface HeadlessLoginJson {
  requestId: string;
  url: string;
  secret: string;
  expires: string;
}

/** POST /login/headless/{requestId}/session: waits a while for the decision; pending means ask again. */
export interface HeadlessSessionRequest {
  secret: string;
}
