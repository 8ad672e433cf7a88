import { parse } from 'yaml';

/** What the list shows of a trusted cluster. */
export interface TrustedClusterSummary {
  enabled: boolean;
  /** The root's web address, as written; empty when the resource does not say it. */
  webProxyAddr: string;
}

/**
 * Reads `spec.enabled` and `spec.web_proxy_addr` from a trusted cluster's YAML. As in the gateway, a trusted
 * cluster is enabled unless it says false; YAML the gateway would refuse reads as enabled with no address.
 */
export function trustedClusterSummary(content: string): TrustedClusterSummary {
  let spec: unknown;
  try {
    spec = (parse(content) as { spec?: unknown } | null)?.spec;
  } catch {
    spec = undefined;
  }
  const fields = typeof spec === 'object' && spec !== null ? (spec as Record<string, unknown>) : {};
  return { enabled: fields.enabled !== false, webProxyAddr: typeof fields.web_proxy_addr === 'string' ? fields.web_proxy_addr : '' };
}
