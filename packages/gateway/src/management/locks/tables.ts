/** Row shape of the locks table (part of storage's Tables). */
export interface LockRow {
  /** The lock's id, a UUID. */
  name: string;
  /** LockTargets as JSON. */
  targets: string;
  message: string;
  /** Null for a lock that holds until it is removed. */
  expires_at: number | null;
  created_at: number;
  created_by: string;
}

export interface LockTables {
  locks: LockRow;
}
