/** Row shapes of the trusted cluster tables (part of storage's Tables). */

/** On a leaf: a root it joins. */
export interface TrustedClusterRow {
  /** The root cluster's name. */
  name: string;
  /** The resource as written, with its join token replaced once the root has issued an identity. */
  content: string;
  enabled: number;
  /** The identity secret the root issued in return for the token; what the tunnel presents on reconnection. */
  identity_secret: string | null;
  created_at: number;
  updated_at: number;
}

/** On a root: a leaf that joined it. */
export interface RemoteClusterRow {
  name: string;
  /** sha256 of the identity secret issued to the leaf. */
  secret_hash: string;
  /** When its tunnel was last up (a heartbeat), and what it last reported. */
  last_connected: number;
  node_count: number;
  public_url: string;
  version: string;
  created_at: number;
}

export interface TrustTables {
  trusted_clusters: TrustedClusterRow;
  remote_clusters: RemoteClusterRow;
}
