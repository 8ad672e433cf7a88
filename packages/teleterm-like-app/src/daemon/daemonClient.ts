import {
  type ApiClient,
  compilePath,
  createApiClient,
  type DaemonConnectionJson,
  type DaemonConnectionRequest,
  type DaemonLoginRequest,
  daemonPaths,
  type DaemonProfileJson,
  type DaemonWorkspaceJson,
} from '@portcullis/shared';

/** The loopback API of `portcullis connect`, as the app calls it. */
export interface DaemonClient {
  profiles(): Promise<DaemonProfileJson[]>;
  login(request: DaemonLoginRequest): Promise<DaemonProfileJson>;
  signOut(profile: string): Promise<void>;
  workspace(): Promise<DaemonWorkspaceJson>;
  saveWorkspace(workspace: DaemonWorkspaceJson): Promise<void>;
  connections(): Promise<DaemonConnectionJson[]>;
  openConnection(request: DaemonConnectionRequest): Promise<DaemonConnectionJson>;
  connect(connectionId: string): Promise<DaemonConnectionJson>;
  disconnect(connectionId: string): Promise<DaemonConnectionJson>;
  removeConnection(connectionId: string): Promise<void>;
}

/**
 * The daemon is this page's own origin and holds every session itself (its cookie rides along), so the client
 * sends neither a bearer token nor a CSRF token.
 */
export const daemonApi = (): ApiClient =>
  createApiClient({ getCsrfToken: () => '', getBearerToken: () => undefined });

export function createDaemonClient(api: ApiClient = daemonApi()): DaemonClient {
  const connection = (template: string, connectionId: string) => compilePath(template, { connectionId });
  return {
    profiles: () => api.get(daemonPaths.profiles),
    login: (request) => api.post(daemonPaths.login, request),
    signOut: (profile) => api.delete(compilePath(daemonPaths.profile, { profile })),
    workspace: () => api.get(daemonPaths.workspace),
    saveWorkspace: (workspace) => api.put(daemonPaths.workspace, workspace),
    connections: () => api.get(daemonPaths.connections),
    openConnection: (request) => api.post(daemonPaths.connections, request),
    connect: (id) => api.post(connection(daemonPaths.connect, id)),
    disconnect: (id) => api.post(connection(daemonPaths.disconnect, id)),
    removeConnection: (id) => api.delete(connection(daemonPaths.connection, id)),
  };
}
