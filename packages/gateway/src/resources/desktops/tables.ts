/** Row shapes of the desktop tables (part of storage's Tables). */
export interface DesktopRow {
  id: string;
  name: string;
  /** linux or windows, as the agent's --desktop-os says. */
  os: string;
  /** Where the agent reaches it: vnc://HOST:PORT or rdp://[USER@]HOST:PORT, never with a password. */
  uri: string;
  /** HOST:PORT of the URI, as the console shows it. */
  addr: string;
  /** The agent that announced it. */
  agent_id: string;
  /** Labels as one JSON object. */
  labels: string;
  /** Lower-cased name, OS, address and `name=value` labels, for keyword search. */
  search_text: string;
  /** The desktop leaves the list when its agent's heartbeats stop. */
  expires_at: number;
  created_at: number;
  updated_at: number;
}

export interface DesktopLabelRow {
  desktop_id: string;
  name: string;
  value: string;
}

/** An agent serving desktops, as the list of desktop services shows it. */
export interface DesktopServiceRow {
  agent_id: string;
  /** The agent's host name. */
  hostname: string;
  /** The address the agent reaches the gateway from. */
  addr: string;
  labels: string;
  expires_at: number;
  updated_at: number;
}

export interface DesktopTables {
  desktops: DesktopRow;
  desktop_labels: DesktopLabelRow;
  desktop_services: DesktopServiceRow;
}
