import { accessRequestsRoutes } from '../features/accessrequests/routes';
import { accountRoutes } from '../features/account/routes';
import { activeSessionsRoutes } from '../features/activesessions/routes';
import { appsRoutes } from '../features/apps/routes';
import { assistRoutes } from '../features/assist/routes';
import { auditRoutes } from '../features/audit/routes';
import { clustersRoutes } from '../features/clusters/routes';
import { consoleRoutes } from '../features/console/routes';
import { databasesRoutes } from '../features/databases/routes';
import { desktopsRoutes } from '../features/desktops/routes';
import { discoverRoutes } from '../features/discover/routes';
import { headlessRoutes } from '../features/headless/routes';
import { integrationsRoutes } from '../features/integrations/routes';
import { inviteRoutes } from '../features/invite/routes';
import { kubernetesRoutes } from '../features/kubernetes/routes';
import { launcherRoutes } from '../features/launcher/routes';
import { locksRoutes } from '../features/locks/routes';
import { loginRoutes } from '../features/login/routes';
import { playerRoutes } from '../features/player/routes';
import { recordingsRoutes } from '../features/recordings/routes';
import { rolesRoutes } from '../features/roles/routes';
import { serversRoutes } from '../features/servers/routes';
import { settingsRoutes } from '../features/settings/routes';
import { sharedRecordingRoutes } from '../features/sharedrecording/routes';
import { ssoRoutes } from '../features/sso/routes';
import { supportRoutes } from '../features/support/routes';
import { trustRoutes } from '../features/trust/routes';
import { usersRoutes } from '../features/users/routes';
import type { PageRoute } from './pageRoute';

/** Every page of the console; a feature joins by adding its routes here. */
export const pages: PageRoute[] = [
  ...loginRoutes,
  ...inviteRoutes,
  ...sharedRecordingRoutes,
  ...usersRoutes,
  ...rolesRoutes,
  ...ssoRoutes,
  ...locksRoutes,
  ...integrationsRoutes,
  ...clustersRoutes,
  ...trustRoutes,
  ...accessRequestsRoutes,
  ...auditRoutes,
  ...accountRoutes,
  ...supportRoutes,
  ...settingsRoutes,
  ...serversRoutes,
  ...appsRoutes,
  ...kubernetesRoutes,
  ...databasesRoutes,
  ...desktopsRoutes,
  ...discoverRoutes,
  ...consoleRoutes,
  ...activeSessionsRoutes,
  ...recordingsRoutes,
  ...playerRoutes,
  ...headlessRoutes,
  ...launcherRoutes,
  ...assistRoutes,
];
