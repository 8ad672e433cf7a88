import { z } from 'zod';

/** The `params` query parameter of the terminal websocket (URI-encoded JSON). */
export const terminalParams = z.object({
  server_id: z.string().min(1),
  login: z.string().min(1).max(64),
  /** Set to join an existing session instead of opening a new one. */
  sid: z.string().optional(),
  mode: z.enum(['observer', 'moderator', 'peer']).optional(),
  term: z.object({ w: z.number().int().min(1).max(1000), h: z.number().int().min(1).max(1000) }),
});

export type TerminalParams = z.infer<typeof terminalParams>;

/** The terminal websocket's path and query, relative to the gateway origin (prefix ws:// or wss:// yourself). */
export function terminalSocketPath(clusterId: string, accessToken: string, params: TerminalParams, traceparent?: string): string {
  const query = queryString({ access_token: accessToken, params: JSON.stringify(params), traceparent });
  return `/v1/webapi/sites/${encodeURIComponent(clusterId)}/connect?${query}`;
}

/** The file-transfer route of one node and login (upload: POST body; download: GET). */
export function fileTransferPath(clusterId: string, serverId: string, login: string, location: string, filename?: string): string {
  const base = ['sites', clusterId, 'nodes', serverId, login].map(encodeURIComponent).join('/');
  return `/v1/webapi/${base}/scp?${queryString({ location, filename })}`;
}

// URLSearchParams is not in every runtime this package targets' type library; this is the same encoding.
function queryString(fields: Record<string, string | undefined>): string {
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
}

/**
 * The `params` of the Kubernetes exec websocket: a command in a pod's container, on a terminal, as one of the
 * Kubernetes users and groups the caller's roles grant (all of them when left out). The socket then speaks the
 * terminal protocol, as a node's shell does.
 */
export const kubeExecParams = z.object({
  namespace: z.string().min(1).max(253),
  pod: z.string().min(1).max(253),
  /** Left out: the pod's only (or default) container. */
  container: z.string().min(1).max(253).optional(),
  /** The command and its arguments, as a shell would split them; '/bin/sh' in the console by default. */
  command: z.array(z.string().min(1).max(4096)).min(1).max(64),
  term: z.object({ w: z.number().int().min(1).max(1000), h: z.number().int().min(1).max(1000) }),
  kubernetes_user: z.string().min(1).max(253).optional(),
  kubernetes_groups: z.array(z.string().min(1).max(253)).max(64).optional(),
});

export type KubeExecParams = z.infer<typeof kubeExecParams>;
