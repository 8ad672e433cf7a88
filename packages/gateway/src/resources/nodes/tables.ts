/** Row shapes of the servers domain's tables (joined to the core Tables with kysely's withTables). */
export type NodeRow = {
  id: string;
  hostname: string;
  addr: string;
  /** 1 when the node is reached through its agent's tunnel, 0 for an OpenSSH node dialled directly. */
  tunnel: number;
  /** Static and command labels as one JSON object. */
  labels: string;
  /** Lower-cased hostname, address and `name=value` labels, for keyword search. */
  search_text: string;
  /** sha256 of the identity secret the gateway issued the agent; null for OpenSSH nodes. */
  secret_hash: string | null;
  /** Agent nodes leave the list when their heartbeats stop; null for OpenSSH nodes, which stay until removed. */
  expires_at: number | null;
  created_at: number;
  updated_at: number;
}

export type NodeLabelRow = {
  node_id: string;
  name: string;
  value: string;
}

export type JoinTokenRow = {
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

export type ServerTables = {
  nodes: NodeRow;
  node_labels: NodeLabelRow;
  join_tokens: JoinTokenRow;
}
