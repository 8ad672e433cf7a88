import { mfaDeviceDescription, type WebConfig } from '@portcullis/shared';

/** How the local form's second factor is answered: a key tapped after the password, a code, or not at all. */
export type LoginSecondFactor = 'webauthn' | 'otp' | 'none';

/** Each choice is called what the device is called everywhere else. */
export const secondFactorLabels: Record<LoginSecondFactor, string> = {
  webauthn: mfaDeviceDescription('WebAuthn'),
  otp: mfaDeviceDescription('TOTP'),
  none: 'None',
};

const bySetting: Record<string, LoginSecondFactor[]> = {
  otp: ['otp'],
  webauthn: ['webauthn'],
  on: ['webauthn', 'otp'],
  optional: ['webauthn', 'otp', 'none'],
};

/**
 * The second factors the gateway's setting lets a user sign in with, and the one picked at first: none when it is
 * optional (most users of an optional second factor have none), else the gateway's preferred one.
 */
export function loginSecondFactors(auth: Pick<WebConfig['auth'], 'second_factor' | 'preferredLocalMfa'>): {
  choices: LoginSecondFactor[];
  initial: LoginSecondFactor;
} {
  const choices = bySetting[auth.second_factor] ?? ['none'];
  if (choices.includes('none')) return { choices, initial: 'none' };
  const preferred = choices.find((c) => c === auth.preferredLocalMfa);
  return { choices, initial: preferred ?? choices[0]! };
}
