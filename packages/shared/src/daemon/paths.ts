/**
 * The loopback API of `portcullis connect`: the daemon that holds a person's sessions on several gateways and
 * their local proxies, for the workspace app's UI (served by the same daemon, same origin).
 *
 * A profile is one signed-in gateway (as the command line's profile is); the UI never sees its tokens. Everything
 * under `profileGateway` is forwarded to that gateway with the profile's session, so the UI calls the gateway's
 * own API (apiPaths, websocketPaths) with this prefix, and shared's clients and the console-kit work unchanged.
 */
export const daemonPaths = {
  /** GET ?t=TOKEN: the launch link `portcullis connect` prints and opens; sets the daemon's cookie, redirects to /. */
  launch: '/launch',
  /** GET: the profiles (DaemonProfileJson[]). */
  profiles: '/v1/daemon/profiles',
  /** POST DaemonLoginRequest → DaemonProfileJson: signs in to a gateway (a new profile, or the same one again). */
  login: '/v1/daemon/profiles/login',
  /** DELETE: signs out of the gateway and forgets the profile, its connections and its documents. */
  profile: '/v1/daemon/profiles/:profile',
  /** Any method, HTTP or websocket: forwarded to the profile's gateway, e.g. PREFIX/v1/webapi/sites/x/nodes. */
  profileGateway: '/v1/daemon/profiles/:profile/gateway',
  /** GET → DaemonWorkspaceJson; PUT DaemonWorkspaceJson: the open documents, kept across restarts. */
  workspace: '/v1/daemon/workspace',
  /** GET → DaemonConnectionJson[]; POST DaemonConnectionRequest → DaemonConnectionJson (connected). */
  connections: '/v1/daemon/connections',
  /** DELETE: closes the local port and forgets the connection. */
  connection: '/v1/daemon/connections/:connectionId',
  /** POST → DaemonConnectionJson: opens the local port again (the same one when it is free). */
  connect: '/v1/daemon/connections/:connectionId/connect',
  /** POST → DaemonConnectionJson: closes the local port, keeping the connection listed. */
  disconnect: '/v1/daemon/connections/:connectionId/disconnect',
  /**
   * Websocket ?cols&rows: a terminal on this machine running the database's own client (psql, mysql, redis-cli)
   * against the connection's local port. Client → daemon: DaemonClientMessage (text frames); daemon → client:
   * the terminal's output (binary frames), then a text frame {type: 'exit', code} when the client exits.
   */
  connectionClient: '/v1/daemon/connections/:connectionId/client',
} as const;
