/** A review of one recording: who reviews it, where it stands, and comments pinned to moments in it. */

export const recordingReviewStatuses = ['to_review', 'reviewed', 'flagged'] as const;
export type RecordingReviewStatus = (typeof recordingReviewStatuses)[number];

export const recordingReviewStatusText: Record<RecordingReviewStatus, string> = {
  to_review: 'To review',
  reviewed: 'Reviewed',
  flagged: 'Flagged',
};

export const recordingCommentMaxChars = 2000;

export interface RecordingCommentJson {
  id: string;
  author: string;
  /** Milliseconds into the recording the comment is about. */
  t: number;
  text: string;
  /** ISO 8601. */
  created: string;
}

/** GET recordingReview. A recording nobody has touched is `to_review` with no reviewer and no comments. */
export interface RecordingReviewJson {
  sid: string;
  status: RecordingReviewStatus;
  /** The user assigned to review it. */
  reviewer?: string;
  /** Who last changed the status or the reviewer, and when (ISO 8601). */
  updatedBy?: string;
  updated?: string;
  comments: RecordingCommentJson[];
}

/** PUT recordingReview: either or both; `reviewer: null` unassigns. Answers the whole review. */
export interface UpdateRecordingReviewRequest {
  status?: RecordingReviewStatus;
  reviewer?: string | null;
}

/** POST recordingReviewComments. Answers the whole review. */
export interface AddRecordingCommentRequest {
  t: number;
  text: string;
}
