/** Row shape of the join-token table (part of storage's Tables). */
export interface JoinTokenRow {
  /** sha256 of the token's value; the value itself is shown once, when created. */
  id_hash: string;
  roles: string;
  join_method: string;
  /** Labels the agent installed from this token's script gets (JSON object). */
  suggested_labels: string;
  expires_at: number;
  created_by: string;
  created_at: number;
}

export interface JoinTokenTables {
  join_tokens: JoinTokenRow;
}
