import { z } from 'zod';

export const accessRequestsParams = z.object({ clusterId: z.string().min(1) });
export const accessRequestParams = accessRequestsParams.extend({
  requestId: z.uuid('requestId must be the id of an access request'),
});

const reason = (what: string) => z.string().trim().max(4096, `the ${what} may be at most 4096 characters`);

const resourceId = z
  .object({
    kind: z.literal('node', { error: 'only nodes can be requested by id (kind "node")' }),
    clusterName: z.string().min(1, 'clusterName names the cluster of the resource'),
    name: z.string().min(1, 'name is the id of the node').max(128),
  })
  .strict();

/** Roles, or resources by id, with the reason a reviewer reads. */
export const createAccessRequestBody = z
  .object({
    roles: z.array(z.string().min(1).max(128)).max(50, 'request at most 50 roles at once').optional(),
    resourceIds: z.array(resourceId).max(50, 'request at most 50 resources at once').optional(),
    reason: reason('reason').min(1, 'enter a reason: reviewers read it to decide'),
    suggestedReviewers: z.array(z.string().min(1).max(256)).max(50).optional(),
  })
  .strict()
  .refine((b) => (b.roles?.length ?? 0) > 0 !== (b.resourceIds?.length ?? 0) > 0, {
    message: 'request either roles or resources (resourceIds), not both and not neither',
  });
export type CreateAccessRequestBody = z.infer<typeof createAccessRequestBody>;

/** A reviewer's decision; the reason is optional, the requester reads it when there is one. */
export const submitReviewBody = z
  .object({
    state: z.enum(['APPROVED', 'DENIED'], { error: 'state must be "APPROVED" or "DENIED"' }),
    reason: reason('review reason').default(''),
  })
  .strict();
export type SubmitReviewBody = z.infer<typeof submitReviewBody>;
