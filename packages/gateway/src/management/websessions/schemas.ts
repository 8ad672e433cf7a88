import { z } from 'zod';
import { encodedPassword } from '../../platform/passwords/password';

const user = z.string().min(1, 'enter a user name').max(256);

export const loginBody = z
  .object({
    user,
    pass: encodedPassword({ checkStrength: false }),
    // The code's shape is checked with the answer, so a mistyped one is audited and counted like a wrong one.
    second_factor_token: z.string().max(16).optional(),
  })
  .strict();

/** A passwordless challenge, or the challenge of a user's devices once their password is checked. */
export const loginBeginBody = z
  .object({ passwordless: z.boolean().optional(), user: user.optional(), pass: encodedPassword({ checkStrength: false }).optional() })
  .strict()
  .refine((b) => b.passwordless === true || (b.user !== undefined && b.pass !== undefined), { message: 'send passwordless: true, or your user name and password' });

/**
 * The assertion answering begin's challenge; without a user, a passkey's, which names its user. Its content is
 * checked (and a malformed one audited) by the verifier.
 */
export const loginFinishBody = z
  .object({ user: user.optional(), webauthnAssertionResponse: z.unknown().refine((v) => v !== undefined, 'tap your security key to answer the challenge') })
  .strict();

/**
 * The console renews with no body or an empty object on its timer; `requestId` assumes an approved access
 * request's roles, `switchback: true` drops every assumed one.
 */
export const renewBody = z
  .object({
    requestId: z.uuid('requestId must be the id of an approved access request').optional(),
    switchback: z.boolean({ error: 'switchback must be true or false' }).optional(),
  })
  .strict()
  .optional();
