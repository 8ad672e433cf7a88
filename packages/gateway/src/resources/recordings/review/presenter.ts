import type { RecordingReviewJson } from '@portcullis/shared';
import type { RecordingCommentRow, RecordingReviewRow } from './tables';

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** A recording nobody has touched has no review row: it is to be reviewed, by nobody yet. */
export const presentReview = (sid: string, review: RecordingReviewRow | undefined, comments: RecordingCommentRow[]): RecordingReviewJson => ({
  sid,
  status: review?.status ?? 'to_review',
  ...(review?.reviewer && { reviewer: review.reviewer }),
  ...(review && { updatedBy: review.updated_by, updated: iso(review.updated_at) }),
  comments: comments.map((c) => ({ id: c.id, author: c.author, t: Number(c.t), text: c.text, created: iso(c.created_at) })),
});
