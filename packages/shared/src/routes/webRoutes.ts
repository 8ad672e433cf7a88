/** Base path of every console route. */
export const webBasePath = '/web';

/** Every console route as a path template for compilePath. */
export const webRoutes = {
  root: '/web',
  discover: '/web/discover',
  assist: '/web/assist/:conversationId?',
  apps: '/web/cluster/:clusterId/apps',
  appLauncher: '/web/launch/:fqdn/:clusterId?/:publicAddr?/:arn?',
  support: '/web/support',
  settings: '/web/settings',
  account: '/web/account',
  accountPassword: '/web/account/password',
  accountMfaDevices: '/web/account/twofactor',
  roles: '/web/roles',
  sso: '/web/sso',
  cluster: '/web/cluster/:clusterId/',
  clusters: '/web/clusters',
  trustedClusters: '/web/trust',
  audit: '/web/cluster/:clusterId/audit',
  nodes: '/web/cluster/:clusterId/nodes',
  sessions: '/web/cluster/:clusterId/sessions',
  recordings: '/web/cluster/:clusterId/recordings',
  databases: '/web/cluster/:clusterId/databases',
  kubernetes: '/web/cluster/:clusterId/kubernetes',
  desktops: '/web/cluster/:clusterId/desktops',
  desktop: '/web/cluster/:clusterId/desktops/:desktopName/:username',
  users: '/web/users',
  console: '/web/cluster/:clusterId/console',
  consoleNodes: '/web/cluster/:clusterId/console/nodes',
  consoleConnect: '/web/cluster/:clusterId/console/node/:serverId/:login',
  consoleSession: '/web/cluster/:clusterId/console/session/:sid',
  consoleDatabase: '/web/cluster/:clusterId/console/db/:database/:dbUser/:dbName',
  // A terminal on a pod; the query names it: namespace, pod, container (optional), command and kubernetes_user (optional).
  consoleKubeExec: '/web/cluster/:clusterId/console/kube/exec/:kubeId',
  player: '/web/cluster/:clusterId/session/:sid',
  // A recording shared by link, played for whoever holds the link, signed in or not.
  sharedRecording: '/web/shared/recordings/:token',
  login: '/web/login',
  loginSuccess: '/web/msg/info/login_success',
  loginErrorLegacy: '/web/msg/error/login_failed',
  loginError: '/web/msg/error/login',
  loginErrorCallback: '/web/msg/error/login/callback',
  loginErrorUnauthorized: '/web/msg/error/login/auth',
  userInvite: '/web/invite/:tokenId',
  userInviteContinue: '/web/invite/:tokenId/continue',
  userReset: '/web/reset/:tokenId',
  userResetContinue: '/web/reset/:tokenId/continue',
  headlessSso: '/web/headless/:requestId',
  integrations: '/web/integrations',
  integrationEnroll: '/web/integrations/new/:type?',
  locks: '/web/locks',
  newLock: '/web/locks/new',
  accessRequests: '/web/requests',
  newAccessRequest: '/web/requests/new',
  accessRequest: '/web/requests/:requestId',
} as const;

export type WebRouteName = keyof typeof webRoutes;

/** Prefixes the server answers itself: single sign-on callbacks. */
export const serverCallbackPrefixes = ['/v1/webapi/oidc/', '/v1/webapi/saml/', '/v1/webapi/github/'] as const;
