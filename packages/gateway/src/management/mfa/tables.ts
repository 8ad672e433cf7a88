/** Row shapes of the second-factor tables (part of storage's Tables). */
export interface MfaDeviceRow {
  id: string;
  username: string;
  /** Unique per user: the name people pick, shown in the device list and in audit events. */
  name: string;
  /** totp or webauthn. */
  type: string;
  /** The TOTP shared secret, base32. It must stay readable to check codes, so it cannot be hashed. */
  totp_secret: string | null;
  /** The last TOTP time step accepted, so a code cannot be used twice. */
  totp_last_step: number | null;
  /** WebAuthn credential id, base64url. */
  credential_id: string | null;
  /** WebAuthn COSE public key, base64url. */
  public_key: string | null;
  /** The authenticator's signature counter; one that goes backwards betrays a cloned key. */
  sign_count: number;
  /** JSON array of the transports the authenticator reported. */
  transports: string;
  /** 1 for a discoverable credential (a passkey), which signs in without a password. */
  resident_key: number;
  added_at: number;
  last_used: number;
}

/**
 * A challenge issued and not yet answered. Each is single-use (deleted when answered) and short-lived; `data`
 * holds what checking the answer needs (the pending TOTP secret, the WebAuthn options) as JSON.
 */
export interface MfaChallengeRow {
  /** The WebAuthn challenge (base64url) or, for TOTP registration, a random id. */
  challenge: string;
  /** Null for a passwordless challenge, which anyone may ask for. */
  username: string | null;
  /** login, passwordless, reauth, session, headless or register. */
  scope: string;
  /** For a registration: the hash of the invite, reset or privilege token it was issued on. */
  token_hash: string | null;
  data: string;
  expires_at: number;
  created_at: number;
}

/** Recovery codes, stored hashed; each recovers a lost password or device once. */
export interface RecoveryCodeRow {
  username: string;
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

export interface MfaTables {
  mfa_devices: MfaDeviceRow;
  mfa_challenges: MfaChallengeRow;
  recovery_codes: RecoveryCodeRow;
}
