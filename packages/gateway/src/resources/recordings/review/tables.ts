import type { RecordingReviewStatus } from '@portcullis/shared';
import type { RecordingShareRow } from '../shares/tables';

/** Row shapes of recordings' reviews, comments and share links (part of storage's Tables). */
export interface RecordingReviewRow {
  sid: string;
  status: RecordingReviewStatus;
  reviewer: string | null;
  updated_by: string;
  updated_at: number;
}

export interface RecordingCommentRow {
  id: string;
  sid: string;
  author: string;
  /** Milliseconds into the recording. */
  t: number;
  text: string;
  created_at: number;
}

export interface RecordingReviewTables {
  recording_reviews: RecordingReviewRow;
  recording_comments: RecordingCommentRow;
  recording_shares: RecordingShareRow;
}
