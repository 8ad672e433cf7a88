import { parse } from 'yaml';
import { z } from 'zod';

const address = z
  .string()
  .min(1)
  .regex(/^(https?:\/\/)?[^\s/:]+(:\d{1,5})?\/?$/, 'must be HOST:PORT (https is assumed), or http(s)://HOST:PORT');

/** The trusted cluster resource a leaf holds: which root it joins, with what token, and how the root's roles map to its own. */
export const trustedClusterSchema = z
  .object({
    kind: z.literal('trusted_cluster', { message: 'kind must be trusted_cluster' }),
    version: z.literal('v2', { message: 'version must be v2' }).default('v2'),
    metadata: z.object({
      name: z.string().regex(/^[a-zA-Z0-9][a-zA-Z0-9._-]{0,252}$/, "metadata.name must be the root cluster's name: letters, digits, dots, dashes, underscores"),
    }),
    spec: z.object({
      enabled: z.boolean().default(true),
      token: z.string().min(1, 'spec.token must be the join token the root cluster issued (roles: [Trusted_cluster])'),
      tunnel_addr: address,
      web_proxy_addr: address,
      role_map: z
        .array(z.object({ remote: z.string().min(1), local: z.array(z.string().min(1)).min(1, 'each role_map entry maps to at least one local role') }))
        .min(1, 'spec.role_map must map at least one of the root cluster’s roles to a role of this cluster'),
    }),
  })
  .strict();

export type TrustedClusterResource = z.infer<typeof trustedClusterSchema>;
export type RoleMap = TrustedClusterResource['spec']['role_map'];

/** Reads a trusted cluster from YAML; the error names the field at fault, for the person who wrote it. */
export function parseTrustedCluster(content: string): TrustedClusterResource | { error: string } {
  let raw: unknown;
  try {
    raw = parse(content);
  } catch (err) {
    return { error: `the trusted cluster is not valid YAML: ${(err as Error).message}` };
  }
  const parsed = trustedClusterSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { error: `invalid trusted cluster: ${issue.path.join('.') || 'resource'}: ${issue.message}` };
  }
  return parsed.data;
}

/** The root's web address as a URL: an address without a scheme is HTTPS. */
export const rootUrl = (addr: string): URL => new URL(/^https?:\/\//.test(addr) ? addr : `https://${addr}`);

/** The root's tunnel as a websocket URL, with the web address's scheme when the tunnel address names none. */
export function tunnelUrl(tunnelAddr: string, webProxyAddr: string, path: string): URL {
  const scheme = /^https?:\/\//.test(tunnelAddr) ? '' : `${rootUrl(webProxyAddr).protocol}//`;
  const url = new URL(path, scheme + tunnelAddr);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url;
}

/**
 * The roles of this cluster a root user's roles map to: every entry whose `remote` is one of theirs (or '*')
 * adds its `local` roles.
 */
export const mapRoles = (roleMap: RoleMap, remoteRoles: string[]): string[] =>
  [...new Set(roleMap.filter((m) => m.remote === '*' || remoteRoles.includes(m.remote)).flatMap((m) => m.local))].sort();
