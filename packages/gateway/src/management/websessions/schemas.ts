import { z } from 'zod';
import { encodedPassword } from '../../platform/passwords/password';

export const loginBody = z
  .object({
    user: z.string().min(1, 'enter a user name').max(256),
    pass: encodedPassword({ checkStrength: false }),
    second_factor_token: z.string().optional(),
  })
  .strict();

/**
 * The console sends no body or an empty object. Assuming an access request's roles (requestId, switchback)
 * is not offered yet, so asking for it is refused by name rather than ignored.
 */
export const renewBody = z
  .object({
    requestId: z.undefined({ error: 'access requests are not supported yet' }).optional(),
    switchback: z.undefined({ error: 'access requests are not supported yet' }).optional(),
  })
  .strict()
  .optional();
