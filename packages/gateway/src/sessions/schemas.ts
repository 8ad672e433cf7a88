import { z } from 'zod';
import { encodedPassword } from '../auth/password';

export const loginBody = z
  .object({
    user: z.string().min(1, 'enter a user name').max(256),
    pass: encodedPassword({ checkStrength: false }),
    second_factor_token: z.string().optional(),
  })
  .strict();

/** The console may send an empty object, or ask to assume an access request's roles (not yet supported here). */
export const renewBody = z.object({ requestId: z.string().optional(), switchback: z.boolean().optional() }).strict().optional();
