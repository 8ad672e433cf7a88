/** Row shapes of the database tables (part of storage's Tables). */
export interface DatabaseRow {
  id: string;
  name: string;
  /** postgres, mysql or redis: the protocol the gateway speaks with its clients. */
  protocol: string;
  /** Where it is hosted, as the console titles it (self-hosted here). */
  type: string;
  /** Where the agent reaches it: scheme://HOST:PORT[/DATABASE], never with a password. */
  uri: string;
  description: string;
  /** The agent that announced it; null for a database enrolled from the console, served by matching database services. */
  agent_id: string | null;
  /** Labels as one JSON object. */
  labels: string;
  /** Lower-cased name, protocol, URI, description and `name=value` labels, for keyword search. */
  search_text: string;
  /** An announced database leaves the list when its agent's heartbeats stop; null for an enrolled one. */
  expires_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface DatabaseLabelRow {
  database_id: string;
  name: string;
  value: string;
}

/** An agent's database service: the enrolled databases it serves are those its matchers select. */
export interface DatabaseServiceRow {
  agent_id: string;
  /** The agent's host name. */
  name: string;
  /** JSON: label name → the values it accepts ('*' accepts any). */
  matchers: string;
  expires_at: number;
  updated_at: number;
}

export interface DatabaseTables {
  databases: DatabaseRow;
  database_labels: DatabaseLabelRow;
  database_services: DatabaseServiceRow;
}
