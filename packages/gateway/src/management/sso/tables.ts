/** Row shape of the pending single sign-on requests (part of storage's Tables). */
export interface SsoRequestRow {
  /** sha256 of the state sent to the identity provider (for SAML, the AuthnRequest's ID); the callback finds its request by it, once. */
  state_hash: string;
  /** oidc, saml or github. */
  kind: string;
  connector: string;
  nonce: string;
  /** The PKCE code verifier; only its S256 challenge left the gateway (empty for SAML). */
  code_verifier: string;
  /** Where the browser goes once signed in: a path on the gateway's own origin. */
  redirect_url: string;
  created_at: number;
  expires_at: number;
}

export interface SsoTables {
  sso_requests: SsoRequestRow;
}
