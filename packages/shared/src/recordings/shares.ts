/**
 * Share links: a secret URL that plays one recording (optionally only a time range of it) for someone with no
 * account, until it expires or is revoked. Every view is audited.
 */

/** The longest a share link may live. */
export const recordingShareMaxTtlMs = 30 * 24 * 3600 * 1000;
export const recordingShareDefaultTtl = '24h';

export interface RecordingShareJson {
  id: string;
  sid: string;
  createdBy: string;
  /** ISO 8601. */
  created: string;
  expires: string;
  /** The range of the session the link plays, in milliseconds from its start; absent: all of it. */
  fromMs?: number;
  toMs?: number;
  revoked: boolean;
  /** Times the link was opened (each a `recording.share.view` audit event). */
  views: number;
}

/** GET recordingShares: every link of the recording, revoked and expired ones too, newest first. */
export interface RecordingSharesJson {
  shares: RecordingShareJson[];
}

/** POST recordingShares. `expiresIn` is a duration such as "30m", "24h" or "7d". */
export interface CreateRecordingShareRequest {
  expiresIn: string;
  fromMs?: number;
  toMs?: number;
}

/** The answer to a POST: the only time the link's secret is shown. */
export interface CreatedRecordingShareJson extends RecordingShareJson {
  /** The console page that plays it: {publicUrl}/web/shared/recordings/{token}. */
  url: string;
  token: string;
}

/** GET sharedRecording: what a signed-out viewer is allowed to see, besides the playback summary. */
export interface SharedRecordingJson {
  sid: string;
  /** The cluster the recording belongs to (for the page's title only). */
  clusterName: string;
  sharedBy: string;
  expires: string;
  fromMs?: number;
  toMs?: number;
}
