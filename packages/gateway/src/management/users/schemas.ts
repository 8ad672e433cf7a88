import { z } from 'zod';
import { encodedPassword } from '../../platform/passwords/password';
import { traitNames } from '../../platform/storage/repos/users';

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

export const setPasswordBody = z
  .object({
    token: z.string().min(1, 'the token is missing'),
    password: encodedPassword({ checkStrength: true }),
    second_factor_token: z.string().optional(),
    webauthnCreationResponse: z.unknown().optional(),
    deviceName: z.string().optional(),
  })
  .strict();

export const changePasswordBody = z
  .object({
    old_password: encodedPassword({ checkStrength: false }),
    new_password: encodedPassword({ checkStrength: true }),
    second_factor_token: z.string().optional(),
    webauthnAssertionResponse: z.unknown().optional(),
  })
  .strict();
