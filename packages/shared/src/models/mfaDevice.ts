export interface MfaDeviceJson {
  id: string;
  name: string;
  type: string;
  addedAt: string;
  lastUsed: string;
  /** A discoverable WebAuthn credential (a passkey), which can sign in without a password. */
  residentKey?: boolean;
}

export interface MfaDevice {
  id: string;
  name: string;
  description: string;
  registeredDate: Date;
  lastUsedDate: Date;
}

/** What each device type is called on screen. */
export function mfaDeviceDescription(type: string): string {
  if (type === 'TOTP') return 'Authenticator App';
  if (type === 'WebAuthn' || type === 'Webauthn' || type === 'U2F') return 'Hardware Key';
  return 'unknown device';
}

export const makeMfaDevice = (json: MfaDeviceJson): MfaDevice => ({
  id: json.id,
  name: json.name,
  description: mfaDeviceDescription(json.type),
  registeredDate: new Date(json.addedAt),
  lastUsedDate: new Date(json.lastUsed),
});

export interface RecoveryCodesJson {
  codes?: string[];
  created: string;
  privateKeyPolicyEnabled?: boolean;
}

export interface RecoveryCodes {
  codes: string[];
  createdDate: Date;
  privateKeyPolicyEnabled: boolean;
}

export const makeRecoveryCodes = (json: RecoveryCodesJson): RecoveryCodes => ({
  codes: json.codes ?? [],
  createdDate: new Date(json.created),
  privateKeyPolicyEnabled: json.privateKeyPolicyEnabled ?? false,
});
