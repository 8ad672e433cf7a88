import { isScalar, parseDocument, stringify } from 'yaml';
import { hasClientSecret, type ConnectorResource } from './model';

/**
 * What the console sees in place of a client secret. Saving YAML that still carries it keeps the stored secret;
 * writing anything else replaces it. Plain-safe YAML, so it survives being edited without quotes.
 */
export const secretPlaceholder = '<secret kept by the gateway>';

/**
 * The YAML as written, with the client secret replaced by the placeholder: only the secret's own text changes,
 * so comments and layout survive. If the secret would still show (an anchor, a comment quoting it), the
 * connector is rendered afresh instead; the secret never leaves in clear.
 */
export function redactSource(source: string, connector: ConnectorResource): string {
  if (!hasClientSecret(connector)) return source;
  const secret = connector.spec.client_secret;
  const node = parseDocument(source).getIn(['spec', 'client_secret'], true);
  const redacted = isScalar(node) && node.range ? source.slice(0, node.range[0]) + JSON.stringify(secretPlaceholder) + source.slice(node.range[1]) : source;
  if (secret === secretPlaceholder || !redacted.includes(secret)) return redacted;
  return stringify({ ...connector, spec: { ...connector.spec, client_secret: secretPlaceholder } });
}
