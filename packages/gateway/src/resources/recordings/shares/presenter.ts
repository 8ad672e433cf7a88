import type { RecordingShareJson, SharedRecordingJson } from '@portcullis/shared';
import type { RecordingShareRow } from './tables';

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** The part of the recording the link plays (absent bounds: the recording's own ends). */
export const shareRange = (row: RecordingShareRow) => ({
  ...(row.from_ms !== null && { fromMs: Number(row.from_ms) }),
  ...(row.to_ms !== null && { toMs: Number(row.to_ms) }),
});

export const presentShare = (row: RecordingShareRow): RecordingShareJson => ({
  id: row.id,
  sid: row.sid,
  createdBy: row.created_by,
  created: iso(row.created_at),
  expires: iso(row.expires_at),
  ...shareRange(row),
  revoked: row.revoked_at !== null,
  views: Number(row.views),
});

/** What a signed-out holder of the link learns: not who else it was shared with, nor how often it was opened. */
export const presentShared = (row: RecordingShareRow, clusterName: string): SharedRecordingJson => ({
  sid: row.sid,
  clusterName,
  sharedBy: row.created_by,
  expires: iso(row.expires_at),
  ...shareRange(row),
});
