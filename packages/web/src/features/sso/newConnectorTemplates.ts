import type { ConnectorKind } from './connectorKinds';

/**
 * What the editor starts from when creating a connector of each kind: every field the gateway needs,
 * commented, with the callback this gateway serves for that kind already filled from `origin`.
 */
export function newConnectorTemplate(kind: ConnectorKind, origin: string): string {
  switch (kind) {
    case 'oidc':
      return `# An OpenID Connect connector: people sign in through your identity
# provider (Okta, Keycloak, Google Workspace, Entra ID…).
kind: oidc
version: v3
metadata:
  # The connector's name: it cannot be changed once saved.
  name: new-oidc-connector
spec:
  # The text of the sign-in button on the login page.
  display: Sign in with OIDC
  # The provider's issuer: the gateway reads its discovery document.
  issuer_url: https://idp.example.com
  # The client registered with the provider for Portcullis.
  client_id: portcullis
  client_secret: replace-with-the-client-secret
  # Register this exact URL as the client's redirect URI at the provider.
  redirect_url: ${origin}/v1/webapi/oidc/callback
  scope: [openid, email, profile, groups]
  # Which Portcullis roles a user gets from the claims in their ID token.
  claims_to_roles:
    - claim: groups
      value: admins
      roles: [editor]
    - claim: groups
      value: developers
      roles: [access]
`;
    case 'saml':
      return `# A SAML 2.0 connector: people sign in with a signed assertion
# from your identity provider.
kind: saml
version: v3
metadata:
  # The connector's name: it cannot be changed once saved.
  name: new-saml-connector
spec:
  # The text of the sign-in button on the login page.
  display: Sign in with SAML
  # The identity provider's metadata URL (or its XML in entity_descriptor).
  entity_descriptor_url: https://idp.example.com/saml/metadata
  # Where the identity provider posts its assertion (the assertion consumer service).
  acs: ${origin}/v1/webapi/saml/acs/new-saml-connector
  # Which Portcullis roles a user gets from the attributes of the assertion.
  attributes_to_roles:
    - name: groups
      value: admins
      roles: [editor]
    - name: groups
      value: developers
      roles: [access]
`;
    case 'github':
      return `# A GitHub connector: people sign in with GitHub OAuth and
# their teams decide their roles.
kind: github
version: v3
metadata:
  # The connector's name: it cannot be changed once saved.
  name: github
spec:
  # The text of the sign-in button on the login page.
  display: Sign in with GitHub
  # The OAuth app registered in your GitHub organization's settings.
  client_id: replace-with-the-client-id
  client_secret: replace-with-the-client-secret
  # Set this exact URL as the OAuth app's authorization callback URL.
  redirect_url: ${origin}/v1/webapi/github/callback
  # Which Portcullis roles members of each organization's team get.
  teams_to_roles:
    - organization: my-org
      team: admins
      roles: [editor]
    - organization: my-org
      team: developers
      roles: [access]
`;
  }
}
