import { compilePath, type KubeExecParams, queryString, webRoutes } from '@portcullis/shared';

/** What a terminal on a pod runs, and as whom: the exec socket's params without the terminal's size. */
export type PodExec = Omit<KubeExecParams, 'term' | 'kubernetes_groups'>;

/** What runs in the pod when no command is given: a shell every image is likely to have. */
export const defaultPodCommand = '/bin/sh';
export const defaultNamespace = 'default';

/** A command line split as a shell would split words, without quoting: `ls -la /tmp` → ['ls', '-la', '/tmp']. */
export const splitCommand = (line: string) => line.trim().split(/\s+/).filter(Boolean);

/**
 * The console's page for a terminal on a pod of `kubeId` (console/kube/exec/{kubeId}), the pod and command in
 * its query so the page can be opened in a tab of its own, and reloaded.
 */
export function podExecPath(clusterId: string, kubeId: string, exec: PodExec): string {
  return (
    compilePath(webRoutes.consoleKubeExec, { clusterId, kubeId }) +
    queryString({
      namespace: exec.namespace,
      pod: exec.pod,
      container: exec.container,
      command: exec.command.join(' '),
      kubernetes_user: exec.kubernetes_user,
    })
  );
}

/** Reads podExecPath's query back; without a pod there is nothing to open. */
export function podExecFromQuery(query: URLSearchParams): PodExec | undefined {
  const value = (name: string) => query.get(name)?.trim() || undefined;
  const pod = value('pod');
  if (!pod) return undefined;
  const container = value('container');
  const user = value('kubernetes_user');
  const command = splitCommand(query.get('command') ?? '');
  return {
    namespace: value('namespace') ?? defaultNamespace,
    pod,
    ...(container ? { container } : {}),
    command: command.length ? command : [defaultPodCommand],
    ...(user ? { kubernetes_user: user } : {}),
  };
}
