/** Row shapes of the app tables (part of storage's Tables). */
export interface AppRow {
  id: string;
  name: string;
  /** Where the agent reaches the app: http://, https:// or tcp://. */
  uri: string;
  /** HOST[:PORT] the app is served under (NAME.<gateway's host> unless the agent named one). */
  public_addr: string;
  /** The public address's host name, which requests are routed by. */
  fqdn: string;
  description: string;
  agent_id: string;
  /** Static and command labels as one JSON object. */
  labels: string;
  /** Lower-cased name, addresses, description and `name=value` labels, for keyword search. */
  search_text: string;
  /** The app leaves the list when its agent's heartbeats stop. */
  expires_at: number;
  created_at: number;
  updated_at: number;
}

export interface AppLabelRow {
  app_id: string;
  name: string;
  value: string;
}

export interface AppTables {
  apps: AppRow;
  app_labels: AppLabelRow;
}
