/** Where the gateway serves each cluster's Kubernetes API, for kubectl: /v1/kube/NAME/…, the rest being the API's own path. */
export const kubeApiPrefix = '/v1/kube/';

/** The server URL a kubeconfig names for cluster `name`, behind the gateway's Kubernetes listener at `server`. */
export const kubeApiServerUrl = (server: string, name: string): string => `${server.replace(/\/+$/, '')}${kubeApiPrefix}${encodeURIComponent(name)}`;

/** The cluster a request's URL names and the API path after it (with its query), or undefined when it names none. */
export function kubeApiTarget(url: string): { cluster: string; path: string } | undefined {
  if (!url.startsWith(kubeApiPrefix)) return undefined;
  const rest = url.slice(kubeApiPrefix.length);
  const slash = rest.search(/[/?]/);
  const name = slash < 0 ? rest : rest.slice(0, slash);
  let cluster: string;
  try {
    cluster = decodeURIComponent(name);
  } catch {
    return undefined;
  }
  if (!cluster) return undefined;
  const path = slash < 0 ? '/' : rest.slice(slash);
  return { cluster, path: path.startsWith('?') ? `/${path}` : path };
}
