import { mfaDeviceDescription, type RegisterChallengeRequest, type WebConfig } from '@portcullis/shared';

/** What a user can register: a security key, a passkey (a key that signs in alone), or an authenticator app. */
export type DeviceKind = 'webauthn' | 'passkey' | 'totp';
/** During an invite an optional second factor may also be skipped. */
export type DeviceChoice = DeviceKind | 'none';

/** Keys and apps are called what the device list calls them. */
export const deviceChoiceLabels: Record<DeviceChoice, string> = {
  webauthn: mfaDeviceDescription('WebAuthn'),
  passkey: 'Passkey',
  totp: mfaDeviceDescription('TOTP'),
  none: 'None',
};

/** The register challenge each kind asks for; a passkey is a WebAuthn device registered for passwordless use. */
export const registerRequest: Record<DeviceKind, RegisterChallengeRequest> = {
  webauthn: { deviceType: 'webauthn', deviceUsage: 'mfa' },
  passkey: { deviceType: 'webauthn', deviceUsage: 'passwordless' },
  totp: { deviceType: 'totp', deviceUsage: 'mfa' },
};

/** A name to start from, which the user may change. */
export const defaultDeviceName: Record<DeviceKind, string> = {
  webauthn: 'security-key',
  passkey: 'passkey',
  totp: 'authenticator-app',
};

/**
 * The devices the gateway's second-factor setting lets a user register, the preferred one first picked; None
 * when it is optional. Passkeys only where the gateway allows passwordless sign-in. Off: nothing to register.
 */
export function deviceChoices(
  auth: Pick<WebConfig['auth'], 'second_factor' | 'allowPasswordless' | 'preferredLocalMfa'>,
): {
  choices: DeviceChoice[];
  initial: DeviceChoice | undefined;
} {
  const keys: DeviceChoice[] = ['webauthn', ...(auth.allowPasswordless ? (['passkey'] as const) : [])];
  const bySetting: Record<string, DeviceChoice[]> = {
    otp: ['totp'],
    webauthn: keys,
    on: [...keys, 'totp'],
    optional: [...keys, 'totp', 'none'],
  };
  const choices = bySetting[auth.second_factor] ?? [];
  const initial = auth.preferredLocalMfa === 'otp' && choices.includes('totp') ? 'totp' : choices[0];
  return { choices, initial };
}
