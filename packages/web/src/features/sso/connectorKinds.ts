import { apiPaths } from '@portcullis/shared';

/** The kinds of auth connector, as the gateway names them in a resource's `kind`. */
export type ConnectorKind = 'oidc' | 'saml' | 'github';

/** Each kind's name on the page and the API path its connectors live under (`:name?` addresses one). */
export const connectorKinds: readonly { kind: ConnectorKind; title: string; path: string }[] = [
  { kind: 'oidc', title: 'OIDC', path: apiPaths.oidcConnectors },
  { kind: 'saml', title: 'SAML', path: apiPaths.samlConnectors },
  { kind: 'github', title: 'GitHub', path: apiPaths.githubConnectors },
];

export const kindInfo = (kind: ConnectorKind) => connectorKinds.find((k) => k.kind === kind)!;

export const isConnectorKind = (kind: string): kind is ConnectorKind =>
  connectorKinds.some((k) => k.kind === kind);
