/** Row shape of the agent table (part of storage's Tables). */
export interface AgentRow {
  id: string;
  /** sha256 of the identity secret the gateway issued the agent in return for its join token. */
  secret_hash: string;
  /** The host the agent said it runs on when it joined. */
  hostname: string;
  created_at: number;
}

export interface AgentTables {
  agents: AgentRow;
}
