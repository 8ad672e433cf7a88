import type { ConnectorKind } from '../../src/management/connectors/model';

/**
 * A valid connector of `kind` written as a person would, with a comment, for tests and the wire fixtures. The
 * GitHub one points at a stand-in (GitHub cannot be reached from the tests); the addresses are never dialled here.
 */
export function connectorYaml(kind: ConnectorKind, name: string, opts: { secret?: string; display?: string } = {}): string {
  const secret = opts.secret ?? `secret-of-${name}`;
  const display = opts.display ? `  display: ${opts.display}\n` : '';
  switch (kind) {
    case 'oidc':
      return `# company identity provider
kind: oidc
version: v3
metadata:
  name: ${name}
spec:
  client_id: portcullis
  client_secret: ${secret}   # from the provider's console
  issuer_url: https://idp.example.com/
  redirect_url: https://portcullis.example.com/v1/webapi/oidc/callback
  scope: [openid, email, groups]
  claims_to_roles:
    - claim: groups
      value: admins
      roles: [editor]
${display}`;
    case 'saml':
      return `kind: saml
version: v3
metadata:
  name: ${name}
spec:
  entity_descriptor_url: https://idp.example.com/metadata.xml
  acs: https://portcullis.example.com/v1/webapi/saml/acs/${name}
  attributes_to_roles:
    - name: groups
      value: admins
      roles: [editor, access]
${display}`;
    case 'github':
      return `kind: github
version: v3
metadata:
  name: ${name}
spec:
  client_id: Iv1.portcullis
  client_secret: ${secret}
  redirect_url: https://portcullis.example.com/v1/webapi/github/callback
  endpoint_url: https://github-stand-in.example.com
  api_endpoint_url: https://github-stand-in.example.com/api/v3
  teams_to_roles:
    - organization: acme
      team: admins
      roles: [editor]
${display}`;
  }
}
