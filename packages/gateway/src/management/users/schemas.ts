import { z } from 'zod';
import { encodedPassword } from '../../platform/passwords/password';
import { traitNames } from '../../platform/storage/repos/users';
import { deviceName, totpCode } from '../mfa/schemas';

export const userName = z
  .string()
  .min(1, 'enter a user name')
  .max(128)
  .regex(/^[a-zA-Z0-9][a-zA-Z0-9._@+-]*$/, 'may hold letters, digits and . _ @ + - and must start with a letter or digit');

const traitList = z.array(z.string().min(1).max(256)).max(256);
export const traitsInput = z.object(Object.fromEntries(traitNames.map((t) => [t, traitList.optional()])) as Record<(typeof traitNames)[number], z.ZodOptional<typeof traitList>>).strict();

export const userBody = z
  .object({
    name: userName,
    roles: z.array(z.string().min(1)).min(1, 'give the user at least one role'),
    traits: traitsInput.optional(),
  })
  .strict();
export type UserInput = z.infer<typeof userBody>;

export const usernameParams = z.object({ username: userName }).strict();

export const createTokenBody = z
  .object({
    name: userName,
    /** "invite" for a new user's first password, "password" to reset an existing one. */
    type: z.enum(['invite', 'password']),
  })
  .strict();

export const tokenParams = z.object({ tokenId: z.string().min(1).max(256) }).strict();

const newPassword = encodedPassword({ checkStrength: true });
/** A new password, or an empty one (checked with the rest of the request: only a passkey may replace it). */
const passwordOrNone = z.string().transform((value, ctx) => {
  if (value === '') return '';
  const checked = newPassword.safeParse(value);
  if (checked.success) return checked.data;
  for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
  return z.NEVER;
});

/**
 * The new password (empty when the user registers a passkey to sign in with instead) and the answer to the
 * token's register challenge; the WebAuthn response is checked, and a malformed one audited, by the verifier.
 */
export const setPasswordBody = z
  .object({
    token: z.string().min(1, 'the token is missing'),
    password: passwordOrNone,
    second_factor_token: totpCode.optional(),
    webauthnCreationResponse: z.unknown().optional(),
    deviceName: deviceName.optional(),
  })
  .strict();
export type SetPasswordBody = z.infer<typeof setPasswordBody>;

export const changePasswordBody = z
  .object({
    old_password: encodedPassword({ checkStrength: false }),
    new_password: encodedPassword({ checkStrength: true }),
    second_factor_token: totpCode.optional(),
    webauthnAssertionResponse: z.unknown().optional(),
  })
  .strict();
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const recoveryBody = z
  .object({ user: z.string().min(1, 'enter your user name').max(256), code: z.string().min(1, 'enter a recovery code').max(64) })
  .strict();
