import type { MfaResponseJson, WebauthnResponseJson } from '@portcullis/shared';
import { z } from 'zod';
import { encodedPassword } from '../../platform/passwords/password';

/** An invite, reset or privilege token's value, which is the credential of the routes that take one. */
const tokenId = z.string().min(1, 'the token is missing').max(256);

export const deviceName = z
  .string()
  .trim()
  .min(1, 'name the device')
  .max(64, 'a device name is at most 64 characters')
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  .regex(/^[^\u0000-\u001f\u007f]+$/, 'a device name may not hold control characters');

const deviceType = z.enum(['totp', 'webauthn']);
const deviceUsage = z.enum(['mfa', 'passwordless']);

/** A TOTP code as typed; its shape is checked with the answer, so a mistyped one is audited like a wrong one. */
export const totpCode = z.string().max(16);

/**
 * A WebAuthn response from the browser. Only its presence is checked here: the verifier reads it, and answers
 * (and audits) a malformed one with what is wrong.
 */
const webauthnResponse = z.unknown();

export const tokenParams = z.object({ tokenId }).strict();
export const deviceParams = z.object({ tokenId, deviceName }).strict();

export const registerChallengeBody = z.object({ deviceType, deviceUsage: deviceUsage.optional() }).strict();

/** The console sends no body for a re-authentication challenge. */
export const authenticateChallengeBody = z
  .object({ scope: z.enum(['reauth', 'session', 'headless']).optional() })
  .strict()
  .optional();

export const passwordChallengeBody = z.object({ pass: encodedPassword({ checkStrength: false }) }).strict();

/** Empty (or no body) for a user with no device yet. */
export const privilegeTokenBody = z
  .object({ secondFactorToken: totpCode.optional(), webauthnAssertionResponse: webauthnResponse.optional() })
  .strict()
  .optional();

export const addDeviceBody = z
  .object({
    tokenId,
    deviceName,
    deviceUsage: deviceUsage.optional(),
    secondFactorToken: totpCode.optional(),
    webauthnRegisterResponse: webauthnResponse.optional(),
  })
  .strict()
  .refine((b) => (b.secondFactorToken === undefined) !== (b.webauthnRegisterResponse === undefined), {
    message: 'give either secondFactorToken (the code of a new authenticator app) or webauthnRegisterResponse (a new key)',
  });

export type AddDeviceBody = z.infer<typeof addDeviceBody>;

/** An answer as the verifier takes it; the WebAuthn response in it is still unchecked, which the verifier does. */
export const mfaAnswer = (totpCode: string | undefined, webauthnResponse: unknown): MfaResponseJson => ({
  // Forms send an empty code, and a null response, for the factor not used.
  ...(totpCode && { totp_code: totpCode }),
  ...(webauthnResponse != null && { webauthn_response: webauthnResponse as WebauthnResponseJson }),
});
