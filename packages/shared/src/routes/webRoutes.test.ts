import { compilePath } from './compilePath';
import { webBasePath, webRoutes } from './webRoutes';

test('every console route lives under the base path /web', () => {
  expect(webBasePath).toBe('/web');
  for (const template of Object.values(webRoutes)) expect(template.startsWith('/web')).toBe(true);
});

test.each([
  ['root', {}, '/web'],
  ['discover', {}, '/web/discover'],
  ['assist', {}, '/web/assist'],
  ['assist', { conversationId: 'c1' }, '/web/assist/c1'],
  ['apps', { clusterId: 'one' }, '/web/cluster/one/apps'],
  ['appLauncher', { fqdn: 'app.example.com', clusterId: 'one', publicAddr: 'app.one', arn: 'arn' }, '/web/launch/app.example.com/one/app.one/arn'],
  ['support', {}, '/web/support'],
  ['settings', {}, '/web/settings'],
  ['account', {}, '/web/account'],
  ['accountPassword', {}, '/web/account/password'],
  ['accountMfaDevices', {}, '/web/account/twofactor'],
  ['roles', {}, '/web/roles'],
  ['sso', {}, '/web/sso'],
  ['cluster', { clusterId: 'one' }, '/web/cluster/one/'],
  ['clusters', {}, '/web/clusters'],
  ['trustedClusters', {}, '/web/trust'],
  ['audit', { clusterId: 'one' }, '/web/cluster/one/audit'],
  ['nodes', { clusterId: 'one' }, '/web/cluster/one/nodes'],
  ['sessions', { clusterId: 'one' }, '/web/cluster/one/sessions'],
  ['recordings', { clusterId: 'one' }, '/web/cluster/one/recordings'],
  ['databases', { clusterId: 'one' }, '/web/cluster/one/databases'],
  ['kubernetes', { clusterId: 'one' }, '/web/cluster/one/kubernetes'],
  ['desktops', { clusterId: 'one' }, '/web/cluster/one/desktops'],
  ['desktop', { clusterId: 'one', desktopName: 'win', username: 'Administrator' }, '/web/cluster/one/desktops/win/Administrator'],
  ['users', {}, '/web/users'],
  ['console', { clusterId: 'one' }, '/web/cluster/one/console'],
  ['consoleNodes', { clusterId: 'one' }, '/web/cluster/one/console/nodes'],
  ['consoleConnect', { clusterId: 'one', serverId: 's1', login: 'root' }, '/web/cluster/one/console/node/s1/root'],
  ['consoleSession', { clusterId: 'one', sid: 'abc' }, '/web/cluster/one/console/session/abc'],
  ['player', { clusterId: 'one', sid: 'abc' }, '/web/cluster/one/session/abc'],
  ['sharedRecording', { token: 'tok' }, '/web/shared/recordings/tok'],
  ['login', {}, '/web/login'],
  ['loginSuccess', {}, '/web/msg/info/login_success'],
  ['loginErrorLegacy', {}, '/web/msg/error/login_failed'],
  ['loginError', {}, '/web/msg/error/login'],
  ['loginErrorCallback', {}, '/web/msg/error/login/callback'],
  ['loginErrorUnauthorized', {}, '/web/msg/error/login/auth'],
  ['userInvite', { tokenId: 't' }, '/web/invite/t'],
  ['userInviteContinue', { tokenId: 't' }, '/web/invite/t/continue'],
  ['userReset', { tokenId: 't' }, '/web/reset/t'],
  ['userResetContinue', { tokenId: 't' }, '/web/reset/t/continue'],
  ['headlessSso', { requestId: 'r' }, '/web/headless/r'],
  ['integrations', {}, '/web/integrations'],
  ['integrationEnroll', { type: 'aws-oidc' }, '/web/integrations/new/aws-oidc'],
  ['locks', {}, '/web/locks'],
  ['newLock', {}, '/web/locks/new'],
  ['accessRequests', {}, '/web/requests'],
  ['newAccessRequest', {}, '/web/requests/new'],
  ['accessRequest', { requestId: 'r1' }, '/web/requests/r1'],
] as const)('route %s compiles to the spec path', (name, params, expected) => {
  expect(compilePath(webRoutes[name], params)).toBe(expected);
});
