import { lockTargetKinds, type LockTargetKind } from '@portcullis/shared';
import { z } from 'zod';
import { durationField } from '../../platform/config/duration';
import { clusterParams } from '../../platform/clusters/schemas';

/** The longest message a lock carries: it is shown in terminals and on the sign-in page, not stored as a document. */
export const maxLockMessage = 4096;

const target = (kind: string) =>
  z
    .string({ message: `${kind} must be a string` })
    .trim()
    .min(1, `${kind} must not be empty: name the ${kind.replace('_', ' ')} to lock, or leave the field out`)
    .max(253, `${kind} is too long (253 characters at most)`);

const targetShape = Object.fromEntries(lockTargetKinds.map((kind) => [kind, target(kind).optional()])) as Record<LockTargetKind, z.ZodOptional<z.ZodString>>;

const targets = z
  .strictObject(targetShape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `targets may only name ${lockTargetKinds.join(', ')} (not ${issue.keys.join(', ')})`
        : 'targets must be an object naming what to lock, e.g. {"user": "alice"}',
  })
  .refine((t) => Object.values(t).some((v) => v !== undefined), {
    message: `name at least one target: ${lockTargetKinds.join(', ')}`,
    // Only once the targets themselves are well formed: one sentence per problem.
    when: (payload) => payload.issues.length === 0,
  });

/** PUT /sites/:clusterId/locks. */
export const createLockBody = z
  .strictObject({
    targets,
    message: z.string({ error: 'message must be a string' }).max(maxLockMessage, `message is too long (${maxLockMessage} characters at most)`).optional(),
    /** e.g. "30m" or "12h"; absent: until the lock is removed. */
    ttl: durationField.refine((ms) => ms > 0, 'ttl must be longer than 0, e.g. "30m"; leave it out for a lock that holds until removed').optional(),
  });

export type CreateLockBody = z.infer<typeof createLockBody>;

export const lockParams = clusterParams.extend({ uuid: z.uuid('not a lock id: locks are named by a UUID') });
