/**
 * Gateways sharing one PostgreSQL database: each is a row while it runs (its heartbeat keeps `seen_at` fresh),
 * each agent tunnel and each live session a row naming the gateway that holds it, so any gateway can reach any
 * agent and list or join any session.
 */
export interface GatewayPeerRow {
  id: string;
  /** Where the other gateways reach this one (http(s)://host:port). */
  addr: string;
  started_at: number;
  seen_at: number;
}

export interface AgentPresenceRow {
  agent_id: string;
  gateway_id: string;
  since: number;
}

/** A session in progress on one gateway, as the others list it and send its joiners there. */
export interface LiveSessionRow {
  sid: string;
  gateway_id: string;
  /** The tracked session as JSON (who, where, parties, terminal). */
  session: string;
  /** The owner's roles as JSON, which decide who may join; null for a session only its own gateway can join. */
  owner_roles: string | null;
  updated_at: number;
}

export interface PeerTables {
  gateway_peers: GatewayPeerRow;
  agent_presence: AgentPresenceRow;
  live_sessions: LiveSessionRow;
}
