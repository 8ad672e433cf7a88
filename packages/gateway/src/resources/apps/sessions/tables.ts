/** Row shapes of the app session tables (part of storage's Tables). */
export interface AppSessionRow {
  /** The session id audit events carry (sid). */
  id: string;
  /** sha256 of the app cookie's value; the value itself is returned once, to the launcher. */
  value_hash: string;
  /** sha256 of the subject cookie's value, the second secret the app host must be shown. */
  subject_hash: string;
  username: string;
  /** The id hash of the web session the app session belongs to: it ends when that session does. */
  web_session_hash: string;
  app_id: string;
  app_name: string;
  public_addr: string;
  /** The role an AWS console app's session signs in as; null for other apps. */
  aws_role_arn: string | null;
  created_at: number;
  /** Never later than the web session's expiry. */
  expires_at: number;
}

/** The key pairs signing the identity header apps receive, shared by every gateway on the database. */
export interface AppJwtKeyRow {
  kid: string;
  /** JWK JSON of the private key. */
  private_jwk: string;
  /** JWK JSON of the public key, as the JWKS publishes it. */
  public_jwk: string;
  created_at: number;
}

export interface AppSessionTables {
  app_sessions: AppSessionRow;
  app_jwt_keys: AppJwtKeyRow;
}
