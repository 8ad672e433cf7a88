import { compilePath } from '../routes/compilePath';
import { websocketPaths } from '../routes/apiPaths';
import { queryString } from '../routes/queryString';
import { terminalSocketPath, type KubeExecParams, type TerminalParams } from '../terminal/params';

/** The websocket origin for a page origin: https → wss, http → ws. */
export function websocketOrigin(origin: string): string {
  return origin.replace(/^http/, 'ws');
}

// Websockets cannot send headers, so the bearer token travels as access_token.

export function terminalSocketUrl(
  origin: string,
  p: { clusterId: string; accessToken: string; params: TerminalParams; traceparent?: string },
): string {
  return websocketOrigin(origin) + terminalSocketPath(p.clusterId, p.accessToken, p.params, p.traceparent);
}

/** A terminal on a pod of Kubernetes cluster `kubeCluster` (the terminal protocol, as a node's shell). */
export function kubeExecSocketUrl(origin: string, p: { clusterId: string; kubeCluster: string; accessToken: string; params: KubeExecParams }): string {
  return websocketOrigin(origin) + compilePath(websocketPaths.kubeExec, { clusterId: p.clusterId, kubeCluster: p.kubeCluster }) + queryString({ access_token: p.accessToken, params: JSON.stringify(p.params) });
}

/** A desktop session as `username`, or with `sid`, joining that live session as an observer. */
export function desktopSocketUrl(
  origin: string,
  p: { clusterId: string; desktopName: string; accessToken: string; username: string; width: number; height: number; sid?: string },
): string {
  return (
    websocketOrigin(origin) +
    compilePath(websocketPaths.desktop, p) +
    queryString({ access_token: p.accessToken, username: p.username, width: p.width, height: p.height, sid: p.sid })
  );
}

export function desktopPlaybackSocketUrl(origin: string, p: { clusterId: string; sid: string; accessToken: string }): string {
  return websocketOrigin(origin) + compilePath(websocketPaths.desktopPlayback, p) + queryString({ access_token: p.accessToken });
}

export function assistantSocketUrl(
  origin: string,
  p: { clusterId: string; accessToken: string; conversationId: string },
): string {
  return (
    websocketOrigin(origin) +
    compilePath(websocketPaths.assistant, p) +
    queryString({ access_token: p.accessToken, conversation_id: p.conversationId })
  );
}

export function commandExecuteSocketUrl(
  origin: string,
  p: { clusterId: string; accessToken: string; params: unknown },
): string {
  return (
    websocketOrigin(origin) +
    compilePath(websocketPaths.commandExecute, { clusterId: p.clusterId }) +
    queryString({ access_token: p.accessToken, params: JSON.stringify(p.params) })
  );
}

/** The browser's query console on `database`, connected as dbUser to dbName. */
export function databaseConsoleSocketUrl(origin: string, p: { clusterId: string; database: string; accessToken: string; dbUser: string; dbName: string }): string {
  return websocketOrigin(origin) + compilePath(websocketPaths.databaseConsole, p) + queryString({ access_token: p.accessToken, db_user: p.dbUser, db_name: p.dbName });
}
