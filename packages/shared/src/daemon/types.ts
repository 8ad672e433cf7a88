/** One signed-in gateway. `id` names it in daemonPaths (derived from the gateway's address). */
export interface DaemonProfileJson {
  id: string;
  /** The gateway's address, e.g. https://gateway.example.com:3080. */
  proxy: string;
  /** The gateway's own cluster name: the clusterId of its API paths. */
  clusterName: string;
  user: string;
  /** ISO time the session ends; the profile stays listed after, signed out. */
  expires: string;
  /** False once the session expired or the gateway refused it: sign in again. */
  loggedIn: boolean;
}

/** POST daemonPaths.login. A user with an authenticator app gives its code; security keys are not supported here. */
export interface DaemonLoginRequest {
  proxy: string;
  user: string;
  password: string;
  otpCode?: string;
}

/** A refused login says whether asking for an authenticator code would help (the UI then shows the field). */
export interface DaemonLoginErrorJson {
  error: { message: string };
  needsOtp?: boolean;
}

/** A tab of the workspace. Titles are the UI's to choose; everything else reopens the tab after a restart. */
export type DaemonDocumentJson =
  | { id: string; kind: 'resources'; profile: string; title: string }
  | { id: string; kind: 'terminal'; profile: string; clusterId: string; serverId: string; login: string; title: string }
  | { id: string; kind: 'database'; profile: string; connectionId: string; title: string }
  | {
      id: string;
      kind: 'kube';
      profile: string;
      clusterId: string;
      kubeCluster: string;
      namespace: string;
      pod: string;
      container?: string;
      command: string;
      /** The Kubernetes user to impersonate, when the roles grant several. */
      kubernetesUser?: string;
      title: string;
    };

export interface DaemonWorkspaceJson {
  documents: DaemonDocumentJson[];
  activeDocumentId?: string;
  theme?: 'light' | 'dark';
}

/** POST daemonPaths.connections: a local port for a database through the profile's gateway. */
export interface DaemonConnectionRequest {
  profile: string;
  clusterId: string;
  kind: 'db';
  database: string;
  dbUser: string;
  dbName?: string;
  /** 0 or absent: a free port. */
  port?: number;
}

export interface DaemonConnectionJson {
  id: string;
  profile: string;
  clusterId: string;
  kind: 'db';
  database: string;
  /** The database's protocol (postgres, mysql, redis): which client the connection's terminal runs. */
  protocol: string;
  dbUser: string;
  dbName?: string;
  /** The local port (the last one used while disconnected). */
  port: number;
  connected: boolean;
  /** Why the last connect failed, e.g. the port is taken. */
  error?: string;
}

/** What the UI sends on a connection's client terminal. */
export type DaemonClientMessage = { type: 'input'; data: string } | { type: 'resize'; cols: number; rows: number };

/** The daemon's last text frame on a client terminal. */
export interface DaemonClientExit {
  type: 'exit';
  code: number;
}
