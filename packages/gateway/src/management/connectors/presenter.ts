import type { AuthProvider, ResourceJson } from '@portcullis/shared';
import type { ConnectorResource } from './model';
import type { StoredConnector } from './repo';
import { redactSource } from './secrets';

/** A connector as an editable YAML document (shared's ResourceJson), as it was written, client secret redacted. */
export function presentConnector({ connector, source }: StoredConnector) {
  return { kind: connector.kind, name: connector.metadata.name, content: redactSource(source, connector) } satisfies ResourceJson;
}

/** Where the login page's button for a connector starts its flow. */
export function loginUrl(connector: ConnectorResource): string {
  const id = encodeURIComponent(connector.metadata.name);
  return connector.kind === 'saml' ? `/v1/webapi/saml/sso?connector_id=${id}` : `/v1/webapi/${connector.kind}/login/web?connector_id=${id}`;
}

/** A connector as one of the served config's `auth.providers`: one sign-in button on the login page. */
export function presentProvider(connector: ConnectorResource) {
  return {
    name: connector.metadata.name,
    type: connector.kind,
    displayName: connector.spec.display ?? connector.metadata.name,
    url: loginUrl(connector),
  } satisfies AuthProvider;
}
