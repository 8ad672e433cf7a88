import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPaths, compilePath, displayLabels, listQueryPath, type KubeEndpointJson, type KubeJson } from '@portcullis/shared';
import { parse, stringify } from 'yaml';
import { kubeApiServerUrl } from '../../resources/kubernetes/proxy/paths';
import { table } from '../users';
import { fromProfile } from './commandActions';
import { execCredentialVersion } from './kubeCredentials';
import { profileHome } from './profile';

/** The kubeconfig kubectl reads: --kubeconfig, else the first file of $KUBECONFIG, else ~/.kube/config. */
const kubeconfigPath = (flag: string | undefined) => flag ?? process.env.KUBECONFIG?.split(path.delimiter).find(Boolean) ?? path.join(os.homedir(), '.kube', 'config');

type Named = { name: string } & Record<string, unknown>;

/** Replaces the entry named `entry.name` in a kubeconfig list, or appends it. */
const upsert = (list: Named[], entry: Named) => [...list.filter((e) => e.name !== entry.name), entry];

/**
 * Adds (or replaces) a cluster, user and context for `name` to the kubeconfig at `file` and makes the context
 * current, keeping everything else in the file. The user runs this command line as an exec credential plugin,
 * so the kubeconfig holds no secret: the token comes from the signed-in profile each time kubectl asks.
 */
export function writeKubeconfigEntry(file: string, entry: { context: string; server: string; ca?: string; namespace?: string; credentials: { command: string; args: string[]; env: { name: string; value: string }[] } }): void {
  const config = ((existsSync(file) ? parse(readFileSync(file, 'utf8')) : undefined) as Record<string, unknown> | null | undefined) ?? {};
  const list = (key: string) => (Array.isArray(config[key]) ? (config[key] as Named[]) : []);
  const updated = {
    apiVersion: 'v1',
    kind: 'Config',
    preferences: {},
    ...config,
    clusters: upsert(list('clusters'), { name: entry.context, cluster: { server: entry.server, ...(entry.ca && { 'certificate-authority-data': Buffer.from(entry.ca).toString('base64') }) } }),
    users: upsert(list('users'), {
      name: entry.context,
      user: { exec: { apiVersion: execCredentialVersion, command: entry.credentials.command, args: entry.credentials.args, env: entry.credentials.env, interactiveMode: 'Never', provideClusterInfo: false } },
    }),
    contexts: upsert(list('contexts'), { name: entry.context, context: { cluster: entry.context, user: entry.context, ...(entry.namespace && { namespace: entry.namespace }) } }),
    'current-context': entry.context,
  };
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, stringify(updated), { mode: 0o600 });
  chmodSync(file, 0o600);
}

/** `portcullis kube ls`: the clusters the user may reach, with the users and groups granted there. */
export async function listKubeClusters(out: (line: string) => void): Promise<void> {
  const { gateway, profile } = fromProfile();
  const rows: string[][] = [];
  let startKey: string | undefined;
  do {
    const page = await gateway.api.get<{ items: KubeJson[]; startKey?: string }>(listQueryPath(apiPaths.kubernetes, { clusterId: profile.cluster, limit: 1000, ...(startKey && { startKey }) }));
    for (const k of page.items) rows.push([k.name, displayLabels(k.labels ?? []).map((l) => `${l.name}=${l.value}`).join(','), (k.kubernetes_users ?? []).join(','), (k.kubernetes_groups ?? []).join(',')]);
    startKey = page.startKey || undefined;
  } while (startKey);
  table(['Kube Cluster', 'Labels', 'Users', 'Groups'], rows).forEach((line) => out(line));
}

/** `portcullis kube login NAME`: the cluster as kubectl's current context, its credential from this command line. */
export async function kubeLogin(name: string, flags: { kubeconfig?: string; namespace?: string }, out: (line: string) => void): Promise<void> {
  const { gateway, profile } = fromProfile();
  const found = await gateway.api.get<{ items: KubeJson[] }>(listQueryPath(apiPaths.kubernetes, { clusterId: profile.cluster, limit: 2, query: `name == ${JSON.stringify(name)}` }));
  const cluster = found.items.find((k) => k.name === name);
  if (!cluster) throw new Error(`no Kubernetes cluster ${name} that you may reach: portcullis kube ls lists them`);
  const endpoint = await gateway.api.get<KubeEndpointJson>(compilePath(apiPaths.kubeEndpoint, { clusterId: profile.cluster }));
  const file = kubeconfigPath(flags.kubeconfig);
  const context = `${profile.cluster}-${name}`;
  writeKubeconfigEntry(file, {
    context,
    server: kubeApiServerUrl(endpoint.server, name),
    ...(endpoint.certificate_authority && { ca: endpoint.certificate_authority }),
    ...(flags.namespace && { namespace: flags.namespace }),
    // This same command line, however it was started (an installed binary, or node and its script).
    credentials: { command: process.execPath, args: [...process.execArgv, path.resolve(process.argv[1]!), 'kube', 'credentials', name], env: [{ name: 'PORTCULLIS_HOME', value: profileHome() }] },
  });
  out(`Logged into Kubernetes cluster ${name} as ${profile.user} (users: ${(cluster.kubernetes_users ?? []).join(', ') || profile.user}; groups: ${(cluster.kubernetes_groups ?? []).join(', ') || 'none'}).`);
  out(`kubectl's context is now ${context} in ${file}. Try: kubectl get pods`);
}
