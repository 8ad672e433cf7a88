import { z } from 'zod';
import { durationField } from '../../platform/config/duration';

/** Join methods this gateway can verify; the spec's default is `token`. */
export const joinMethods = ['token'] as const;
/** What a join token may enrol: agents (Node), or a leaf cluster joining this one as its root (Trusted_cluster). */
export const joinRoles = ['Node', 'node', 'Trusted_cluster', 'trusted_cluster'] as const;

/** The longest a join token may live, so a forgotten token cannot enrol hosts forever. */
export const maxJoinTokenTtlMs = 7 * 24 * 3_600_000;
export const defaultJoinTokenTtlMs = 30 * 60_000;

const labelMap = z.record(z.string().regex(/^[A-Za-z0-9_./-]{1,63}$/, 'label names are 1-63 letters, digits, . _ / -'), z.union([z.string(), z.array(z.string())]));

export const createTokenBody = z
  .object({
    roles: z
      .array(z.enum(joinRoles, { message: 'roles may contain "Node" (an agent) or "Trusted_cluster" (a leaf cluster)' }))
      .min(1, 'roles needs "Node" or "Trusted_cluster"')
      .transform((roles) => [...new Set(roles.map((r) => (r.toLowerCase() === 'node' ? 'Node' : 'Trusted_cluster')))]),
    join_method: z.enum(joinMethods, { message: 'join_method must be "token" (the only method this gateway verifies)' }).default('token'),
    /** How long the token lives, e.g. "30m" (default 30m, at most 7 days). */
    expires_in: durationField.optional(),
    suggested_labels: labelMap.optional(),
    suggested_agent_matcher_labels: labelMap.optional(),
    allow: z.array(z.object({ aws_account: z.string().optional(), aws_arn: z.string().optional() })).optional(),
  })
  .refine((b) => !b.allow?.length, { message: 'allow rules (aws_account, aws_arn) need the iam join method, which is not supported', path: ['allow'] })
  .refine((b) => b.expires_in === undefined || (b.expires_in > 0 && b.expires_in <= maxJoinTokenTtlMs), {
    message: 'expires_in must be more than 0 and at most 168h',
    path: ['expires_in'],
  });

export type CreateTokenBody = z.infer<typeof createTokenBody>;

export const tokenParams = z.object({ token: z.string().regex(/^[0-9a-f]{32}$/, 'not a join token') });
export const tokenIdParams = z.object({ id: z.string().regex(/^[0-9a-f]{12}$/, 'not a join token id') });
