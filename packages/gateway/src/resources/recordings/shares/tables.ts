/** Row shape of the share links table (part of storage's Tables through review/tables.ts, which shares its migration). */
export interface RecordingShareRow {
  id: string;
  sid: string;
  /** sha256 of the link's token, which is only ever returned once. */
  token_hash: string;
  created_by: string;
  created_at: number;
  expires_at: number;
  /** The range of the session the link plays, in milliseconds from its start; null: from the start, to the end. */
  from_ms: number | null;
  to_ms: number | null;
  revoked_at: number | null;
  views: number;
}
