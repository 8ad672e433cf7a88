/** Prefix of every API path unless noted. */
export const apiBasePath = '/v1/webapi';

/**
 * Every API path as a template for compilePath: the console's calls, and the few the gateway adds (each commented).
 * The gateway registers its routes from this table, and a gateway test fails on any route it lacks.
 * Websocket paths are in websocketPaths.
 */
export const apiPaths = {
  clusters: '/v1/webapi/sites',
  clusterAlerts: '/v1/webapi/sites/:clusterId/alerts',
  userContext: '/v1/webapi/sites/:clusterId/context',
  userStatus: '/v1/webapi/user/status',
  ping: '/v1/webapi/ping',
  thumbprint: '/v1/webapi/thumbprint',

  events: '/v1/webapi/sites/:clusterId/events/search',
  recordings: '/v1/webapi/sites/:clusterId/events/search/sessions',

  apps: '/v1/webapi/sites/:clusterId/apps',
  nodes: '/v1/webapi/sites/:clusterId/nodes',
  databases: '/v1/webapi/sites/:clusterId/databases',
  database: '/v1/webapi/sites/:clusterId/databases/:database',
  databaseIamPolicy: '/v1/webapi/sites/:clusterId/databases/:database/iam/policy',
  databaseServices: '/v1/webapi/sites/:clusterId/databaseservices',
  desktops: '/v1/webapi/sites/:clusterId/desktops',
  desktop: '/v1/webapi/sites/:clusterId/desktops/:desktopName',
  desktopActive: '/v1/webapi/sites/:clusterId/desktops/:desktopName/active',
  desktopServices: '/v1/webapi/sites/:clusterId/desktopservices',
  kubernetes: '/v1/webapi/sites/:clusterId/kubernetes',
  // Where kubectl reaches the clusters' Kubernetes API (the gateway's TLS listener for it) and the CA to trust.
  kubeEndpoint: '/v1/webapi/sites/:clusterId/kubeendpoint',
  userGroups: '/v1/webapi/sites/:clusterId/user-groups',
  sessions: '/v1/webapi/sites/:clusterId/sessions',
  session: '/v1/webapi/sites/:clusterId/sessions/:sid',
  // The node an admin registered by hand (DELETE removes it).
  node: '/v1/webapi/sites/:clusterId/nodes/:serverId',
  // The SSH user CA public key, for an OpenSSH host's TrustedUserCAKeys.
  sshUserCa: '/v1/webapi/sites/:clusterId/ssh/user-ca',
  resourcesCheck: '/v1/webapi/sites/:clusterId/resources/check',
  appDetails: '/v1/webapi/apps/:fqdn/:clusterId?/:publicAddr?',

  connectionDiagnostics: '/v1/webapi/sites/:clusterId/diagnostics/connections',
  scp: '/v1/webapi/sites/:clusterId/nodes/:serverId/:login/scp',

  // SSH playback, streamed: the recording's summary, pages of timed events, a seek point, byte ranges of output.
  recording: '/v1/webapi/sites/:clusterId/sessions/:sid/recording',
  recordingEvents: '/v1/webapi/sites/:clusterId/sessions/:sid/recording/events',
  recordingSeek: '/v1/webapi/sites/:clusterId/sessions/:sid/recording/seek',
  recordingStream: '/v1/webapi/sites/:clusterId/sessions/:sid/recording/stream',
  // A database session's playback: the statements it ran, with their times, in pages.
  databaseStatements: '/v1/webapi/sites/:clusterId/sessions/:sid/statements',
  // Search across every terminal recording's typed input and output (?query&limit&startKey).
  recordingSearch: '/v1/webapi/sites/:clusterId/recordings/search',
  // A recording's share links: GET lists them, POST makes one (its secret is shown once).
  recordingShares: '/v1/webapi/sites/:clusterId/sessions/:sid/recording/shares',
  // DELETE revokes a share link.
  recordingShare: '/v1/webapi/sites/:clusterId/sessions/:sid/recording/shares/:shareId',
  // What a share link's holder reads without signing in: the share, then playback as above, within its range.
  sharedRecording: '/v1/webapi/shared/recordings/:token',
  sharedRecordingSummary: '/v1/webapi/shared/recordings/:token/recording',
  sharedRecordingEvents: '/v1/webapi/shared/recordings/:token/recording/events',
  sharedRecordingSeek: '/v1/webapi/shared/recordings/:token/recording/seek',
  sharedRecordingStream: '/v1/webapi/shared/recordings/:token/recording/stream',
  // A recording's review: GET it, PUT its status or reviewer; POST a comment at a time in it.
  recordingReview: '/v1/webapi/sites/:clusterId/sessions/:sid/review',
  recordingReviewComments: '/v1/webapi/sites/:clusterId/sessions/:sid/review/comments',
  // The recording as asciicast v2 with the gateway's signed manifest (a download).
  recordingExport: '/v1/webapi/sites/:clusterId/sessions/:sid/recording/export',

  webSession: '/v1/webapi/sessions/web',
  webSessionRenew: '/v1/webapi/sessions/web/renew',
  appSession: '/v1/webapi/sessions/app',
  // The public keys (JWKS) an application verifies the gateway's signed identity header with.
  jwks: '/.well-known/jwks.json',
  // The gateway as an OpenID provider's discovery document (issuer, jwks_uri): what a cloud's identity federation reads.
  openidConfiguration: '/.well-known/openid-configuration',

  users: '/v1/webapi/users',
  user: '/v1/webapi/users/:username',
  changePassword: '/v1/webapi/users/password',
  passwordToken: '/v1/webapi/users/password/token',
  resetPasswordToken: '/v1/webapi/users/password/token/:tokenId?',
  privilegeToken: '/v1/webapi/users/privilege/token',
  // A recovery code (POST {user, code}) buys a reset link for a lost password or device.
  recovery: '/v1/webapi/recovery',

  roles: '/v1/webapi/roles/:name?',
  githubConnectors: '/v1/webapi/github/:name?',
  // The same shape for the other single sign-on kinds.
  oidcConnectors: '/v1/webapi/oidc/connectors/:name?',
  samlConnectors: '/v1/webapi/saml/connectors/:name?',
  // OIDC sign-in: the login page's button starts here (?connector_id&redirect_url); the identity provider sends the browser back to the callback.
  oidcLogin: '/v1/webapi/oidc/login/web',
  oidcCallback: '/v1/webapi/oidc/callback',
  // SAML sign-in: the login page's button starts here (?connector_id&redirect_url); the identity provider posts its response to the connector's ACS.
  samlSso: '/v1/webapi/saml/sso',
  samlAcs: '/v1/webapi/saml/acs/:connector',
  // GitHub sign-in (?connector_id&redirect_url), and where GitHub sends the browser back; static segments win over githubConnectors' :name.
  githubLogin: '/v1/webapi/github/login/web',
  githubCallback: '/v1/webapi/github/callback',
  trustedClusters: '/v1/webapi/trustedcluster/:name?',
  joinToken: '/v1/webapi/token',
  // The join tokens that are still valid (GET), listed by id, never by value.
  joinTokens: '/v1/webapi/tokens',
  // One join token by its listed id (DELETE revokes it).
  joinTokenById: '/v1/webapi/tokens/:id',

  installDatabaseScript: '/scripts/:token/install-database.sh',
  installNodeScript: '/scripts/:token/install-node.sh',
  installAppScript: '/scripts/:token/install-app.sh',
  installAdDsScript: '/scripts/:token/install-ad-ds.ps1',
  installAdCsScript: '/scripts/:token/install-ad-cs.ps1',
  configureAdScript: '/scripts/:token/configure-ad.ps1',
  // The agent package that install-node.sh downloads.
  agentPackage: '/scripts/portcullis-agent.tgz',

  mfaRequired: '/v1/webapi/sites/:clusterId/mfa/required',
  mfaLoginBegin: '/v1/webapi/mfa/login/begin',
  mfaLoginFinish: '/v1/webapi/mfa/login/finishsession',
  mfaAuthenticateChallenge: '/v1/webapi/mfa/authenticatechallenge',
  mfaAuthenticateChallengePassword: '/v1/webapi/mfa/authenticatechallenge/password',
  mfaRegisterChallengeWithToken: '/v1/webapi/mfa/token/:tokenId/registerchallenge',
  mfaAuthenticateChallengeWithToken: '/v1/webapi/mfa/token/:tokenId/authenticatechallenge',
  mfaDevicesWithToken: '/v1/webapi/mfa/token/:tokenId/devices',
  mfaDeviceWithToken: '/v1/webapi/mfa/token/:tokenId/devices/:deviceName',
  mfaDevices: '/v1/webapi/mfa/devices',

  headlessSso: '/v1/webapi/headless/:requestId',
  // The command line asks for a headless sign-in, then collects the session once a browser approved it.
  headlessLogin: '/v1/webapi/login/headless',
  headlessLoginSession: '/v1/webapi/login/headless/:requestId/session',
  locks: '/v1/webapi/sites/:clusterId/locks',
  lock: '/v1/webapi/sites/:clusterId/locks/:uuid',
  // Access requests: GET lists those the caller may see, POST asks for roles or resources.
  accessRequests: '/v1/webapi/sites/:clusterId/accessrequests',
  // One access request (GET); DELETE withdraws a pending one.
  accessRequest: '/v1/webapi/sites/:clusterId/accessrequests/:requestId',
  // A reviewer approves or denies (POST {state, reason}).
  accessRequestReviews: '/v1/webapi/sites/:clusterId/accessrequests/:requestId/reviews',
  signDatabaseCertificate: '/v1/webapi/sites/:clusterId/sign/db',
  integrations: '/v1/webapi/sites/:clusterId/integrations/:name?',
  awsOidcDatabases: '/v1/webapi/sites/:clusterId/integrations/aws-oidc/:name/databases',

  assistConversations: '/v1/webapi/assistant/conversations',
  assistConversation: '/v1/webapi/assistant/conversations/:conversationId',
  assistConversationTitle: '/v1/webapi/assistant/conversations/:conversationId/title',
  assistTitleSummary: '/v1/webapi/assistant/title/summary',

  captureUserEvent: '/v1/webapi/capture',
  capturePreUserEvent: '/v1/webapi/precapture',
} as const;

/** Websocket endpoints; urls are built with the helpers in api/websocketUrls. */
export const websocketPaths = {
  terminal: '/v1/webapi/sites/:clusterId/connect',
  // A TCP application's byte stream, for `portcullis proxy app` (binary frames both ways).
  appTcp: '/v1/webapi/sites/:clusterId/apps/:appName/tcp',
  // A database client's protocol bytes, for `portcullis proxy db` (binary frames both ways; ?db_user&db_name).
  databaseConnect: '/v1/webapi/sites/:clusterId/databases/:database/connect',
  // The browser's query console on a database (JSON messages; ?db_user&db_name).
  databaseConsole: '/v1/webapi/sites/:clusterId/databases/:database/console',
  desktop: '/v1/webapi/sites/:clusterId/desktops/:desktopName/connect',
  // A terminal on a pod: a command in one of its containers (?access_token&params, params being kubeExecParams), the terminal protocol.
  kubeExec: '/v1/webapi/sites/:clusterId/kubernetes/:kubeCluster/exec',
  desktopPlayback: '/v1/webapi/sites/:clusterId/desktopplayback/:sid',
  assistant: '/v1/webapi/sites/:clusterId/assistant',
  commandExecute: '/v1/webapi/command/:clusterId/execute',
} as const;

export type ApiPathName = keyof typeof apiPaths;
