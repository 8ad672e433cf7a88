/**
 * POST apiPaths.signDatabaseCertificate: a short-lived client certificate for the gateway's database listener,
 * for a key the client made and keeps. `publicKey` is its SPKI PEM (ECDSA P-256, RSA or Ed25519); `ttl` a
 * duration such as "30m" (by default, and at most, an hour, and never past the web session).
 */
export interface SignDatabaseCertificateRequest {
  database: string;
  publicKey: string;
  ttl?: string;
}

export interface DatabaseCertificateJson {
  /** PEM, naming the user and the database. */
  certificate: string;
  /** The gateway's database CA (PEM): clients verify the listener with it (sslmode=verify-full). */
  ca: string;
  /** ISO 8601: when the certificate stops being accepted, and sessions opened with it end. */
  expires: string;
  /** HOST:PORT of the gateway's database listener, where the certificate is accepted. */
  listen_addr: string;
}
