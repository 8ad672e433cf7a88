import { recordingCommentMaxChars, recordingReviewStatuses } from '@portcullis/shared';
import { z } from 'zod';

/** PUT recordingReview (shared's UpdateRecordingReviewRequest): `reviewer: null` unassigns. */
export const updateReviewBody = z
  .object({
    status: z.enum(recordingReviewStatuses).optional(),
    reviewer: z.string().min(1).max(128).nullable().optional(),
  })
  .strict()
  .refine((b) => b.status !== undefined || b.reviewer !== undefined, 'give a status, a reviewer or both');

/** POST recordingReviewComments (shared's AddRecordingCommentRequest). */
export const addCommentBody = z
  .object({
    t: z.number().int('must be a whole number of milliseconds').min(0, 'must not be negative'),
    text: z.string().trim().min(1, 'must not be empty').max(recordingCommentMaxChars, `must be at most ${recordingCommentMaxChars} characters`),
  })
  .strict();
