import { apiPaths, compilePath, INTERNAL_RESOURCE_ID_LABEL } from '@portcullis/shared';

/** The gateway's install scripts start with #!/bin/sh and must run as root; a person fetches one and pipes it to sudo sh. */
const runScript = (url: string) => `curl -fsSL '${url}' | sudo sh`;

/** Installs the agent as a node with this token. */
export const installNodeCommand = (origin: string, token: string) =>
  runScript(`${origin}${compilePath(apiPaths.installNodeScript, { token })}`);

/** Installs the agent serving the app NAME at URI (http(s)://host:port or tcp://host:port) beside the node. */
export function installAppCommand(origin: string, token: string, app: { name: string; uri: string }): string {
  const query = new URLSearchParams({ name: app.name, uri: app.uri });
  return runScript(`${origin}${compilePath(apiPaths.installAppScript, { token })}?${query.toString()}`);
}

/** Installs the agent with a database service serving the enrolled databases that carry the token's labels. */
export const installDatabaseCommand = (origin: string, token: string) =>
  runScript(`${origin}${compilePath(apiPaths.installDatabaseScript, { token })}`);

/**
 * Kubernetes clusters and desktops have no install script: an agent serves them with a flag (--kube NAME=KUBECONFIG,
 * --desktop NAME=vnc://… or rdp://…), stamped with the token's resource id so the wizard sees them arrive.
 */
export const agentCommand = (origin: string, token: { id: string; resourceId: string }, serve: string) =>
  `portcullis agent --gateway ${origin} --token ${token.id} --labels ${INTERNAL_RESOURCE_ID_LABEL}=${token.resourceId} ${serve}`;

/** An app's name as the gateway takes it: it becomes the app's subdomain. */
export const appNamePattern = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

export const appUriPatterns = {
  http: /^https?:\/\/[A-Za-z0-9.\-[\]]+(:\d+)?\/?$/,
  tcp: /^tcp:\/\/[A-Za-z0-9.\-[\]]+:\d+\/?$/,
};
