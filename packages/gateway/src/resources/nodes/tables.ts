/** Row shapes of the node tables (part of storage's Tables). */
export interface NodeRow {
  id: string;
  hostname: string;
  addr: string;
  /** The agent that serves the node through its tunnel; null for an OpenSSH node the gateway dials directly. */
  agent_id: string | null;
  /** Static and command labels as one JSON object. */
  labels: string;
  /** Lower-cased hostname, address and `name=value` labels, for keyword search. */
  search_text: string;
  /** Agent nodes leave the list when their heartbeats stop; null for OpenSSH nodes, which stay until removed. */
  expires_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface NodeLabelRow {
  node_id: string;
  name: string;
  value: string;
}

export interface NodeTables {
  nodes: NodeRow;
  node_labels: NodeLabelRow;
}
