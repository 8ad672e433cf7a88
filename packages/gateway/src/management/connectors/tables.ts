/** Row shape of the auth connector table (part of storage's Tables). */
export interface AuthConnectorRow {
  /** oidc, saml or github. */
  kind: string;
  name: string;
  /** The connector resource as JSON, secrets included: signing in needs them in clear. */
  resource: string;
  /** The YAML as it was written, comments and key order kept, with secrets as written. */
  source: string;
  created_at: number;
  updated_at: number;
}

export interface AuthConnectorTables {
  auth_connectors: AuthConnectorRow;
}
