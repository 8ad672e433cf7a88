import { z } from 'zod';
import { sessionMfaAnswer } from '../../core/sessionMfa';

/** POST /sessions/app (shared's CreateAppSessionRequest). */
export const createAppSessionBody = z
  .object({
    fqdn: z.string().min(1, 'fqdn (the app’s host name) is required').max(253),
    cluster_name: z.string().max(253).optional(),
    public_addr: z.string().max(260).optional(),
    arn: z.string().max(2048).optional(),
    /** The answer to a challenge of scope "session", when the roles require a second factor per session. */
    mfa_response: sessionMfaAnswer.optional(),
  })
  .strict();
export type CreateAppSessionBody = z.infer<typeof createAppSessionBody>;
