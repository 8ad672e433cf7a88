import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';

/** How the agent reaches one API server, from a kubeconfig: where, whom to trust, and who it is there. */
export interface KubeApiAccess {
  server: URL;
  ca?: Buffer;
  /** False only when the kubeconfig says insecure-skip-tls-verify. */
  verifyServer: boolean;
  serverName?: string;
  clientCert?: Buffer;
  clientKey?: Buffer;
  /** The bearer token, read again on each request when it comes from a file (service account tokens rotate). */
  token?: () => string;
  basic?: { username: string; password: string };
}

const kubeconfigSchema = z.object({
  clusters: z.array(
    z.object({
      name: z.string(),
      cluster: z.object({
      server: z.string().min(1),
      'certificate-authority': z.string().optional(),
      'certificate-authority-data': z.string().optional(),
      'insecure-skip-tls-verify': z.boolean().optional(),
      'tls-server-name': z.string().optional(),
      'proxy-url': z.string().optional(),
      }),
    }),
  ),
  users: z
    .array(
      z.object({
        name: z.string(),
        user: z.object({
      token: z.string().optional(),
      tokenFile: z.string().optional(),
      'client-certificate': z.string().optional(),
      'client-certificate-data': z.string().optional(),
      'client-key': z.string().optional(),
      'client-key-data': z.string().optional(),
      username: z.string().optional(),
      password: z.string().optional(),
      exec: z.unknown().optional(),
      'auth-provider': z.unknown().optional(),
        }),
      }),
    )
    .default([]),
  contexts: z.array(z.object({ name: z.string(), context: z.object({ cluster: z.string(), user: z.string().optional() }) })),
  'current-context': z.string().optional(),
});

/**
 * Reads the kubeconfig at `file` (its current context, or the only one) into what the agent needs to reach the
 * API server. Fails with a message naming what to change for what it cannot honour: an exec plugin or auth
 * provider (their credentials come from programs the agent does not run), or a proxy-url; reaching the cluster
 * without the credentials the file meant would be worse than refusing to start.
 */
export function loadKubeconfig(file: string): KubeApiAccess {
  const where = (what: string) => `kubeconfig ${file}: ${what}`;
  let raw: unknown;
  try {
    raw = parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(where(`cannot be read: ${(err as Error).message}`), { cause: err });
  }
  const parsed = kubeconfigSchema.safeParse(raw);
  if (!parsed.success) throw new Error(where(`is not a kubeconfig: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`));
  const config = parsed.data;
  const contextName = config['current-context'] || (config.contexts.length === 1 ? config.contexts[0]!.name : undefined);
  if (!contextName) throw new Error(where('has no current-context, and more than one context to choose from'));
  const context = config.contexts.find((c) => c.name === contextName)?.context;
  if (!context) throw new Error(where(`names context ${contextName}, which it does not define`));
  const cluster = config.clusters.find((c) => c.name === context.cluster)?.cluster;
  if (!cluster) throw new Error(where(`context ${contextName} names cluster ${context.cluster}, which it does not define`));
  const user = context.user ? config.users.find((u) => u.name === context.user)?.user : undefined;
  if (context.user && !user) throw new Error(where(`context ${contextName} names user ${context.user}, which it does not define`));
  if (user?.exec || user?.['auth-provider']) throw new Error(where(`user ${context.user} gets credentials from an exec plugin or auth provider, which the agent does not run: give it a token, tokenFile or client certificate`));
  if (cluster['proxy-url']) throw new Error(where(`cluster ${context.cluster} is reached through proxy-url, which the agent does not support`));
  const relative = (p: string) => path.resolve(path.dirname(file), p);
  const readNamed = (pathValue: string) => {
    try {
      return readFileSync(relative(pathValue));
    } catch (err) {
      throw new Error(where(`cannot read ${pathValue}: ${(err as Error).message}`), { cause: err });
    }
  };
  const bytes = (data: string | undefined, pathValue: string | undefined) =>
    data !== undefined ? Buffer.from(data, 'base64') : pathValue !== undefined ? readNamed(pathValue) : undefined;
  let server: URL;
  try {
    server = new URL(cluster.server);
  } catch {
    throw new Error(where(`cluster ${context.cluster}'s server "${cluster.server}" is not a URL`));
  }
  if (server.protocol !== 'https:' && server.protocol !== 'http:') throw new Error(where(`cluster ${context.cluster}'s server "${cluster.server}" is not an http(s) URL`));
  const tokenFile = user?.tokenFile;
  const staticToken = user?.token;
  const ca = bytes(cluster['certificate-authority-data'], cluster['certificate-authority']);
  const clientCert = bytes(user?.['client-certificate-data'], user?.['client-certificate']);
  const clientKey = bytes(user?.['client-key-data'], user?.['client-key']);
  return {
    server,
    verifyServer: cluster['insecure-skip-tls-verify'] !== true,
    ...(ca && { ca }),
    ...(cluster['tls-server-name'] && { serverName: cluster['tls-server-name'] }),
    ...(clientCert && { clientCert }),
    ...(clientKey && { clientKey }),
    ...(staticToken !== undefined ? { token: () => staticToken } : tokenFile !== undefined ? { token: () => readFileSync(relative(tokenFile), 'utf8').trim() } : {}),
    ...(user?.username !== undefined && { basic: { username: user.username, password: user.password ?? '' } }),
  };
}
