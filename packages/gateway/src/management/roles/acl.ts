import type { Access, Acl, AclArea } from '@portcullis/shared';
import type { ResourceKind } from './model';
import type { RoleSet } from './roleset';

/** Each ACL area of the console and the resource kind whose rules decide it. */
export const aclAreas = {
  events: 'event',
  authConnectors: 'auth_connector',
  roles: 'role',
  trustedClusters: 'trusted_cluster',
  users: 'user',
  connectionDiagnostic: 'connection_diagnostic',
  appServers: 'app_server',
  kubeServers: 'kube_server',
  tokens: 'token',
  accessRequests: 'access_request',
  billing: 'billing',
  lock: 'lock',
  dbServers: 'db_server',
  db: 'db',
  desktops: 'windows_desktop',
  recordedSessions: 'session',
  activeSessions: 'session_tracker',
  nodes: 'node',
  license: 'license',
  download: 'download',
  plugins: 'plugin',
  deviceTrust: 'device',
  integrations: 'integration',
  assist: 'assistant',
} as const satisfies Record<AclArea, ResourceKind>;

/** The console's ACL, computed by the same RoleSet.can that every endpoint consults. */
export function userAcl(roles: RoleSet): Acl {
  const areas = Object.fromEntries(
    Object.entries(aclAreas).map(([area, kind]) => {
      const access: Access = {
        list: roles.can(kind, 'list'),
        read: roles.can(kind, 'read'),
        edit: roles.can(kind, 'update'),
        create: roles.can(kind, 'create'),
        remove: roles.can(kind, 'delete'),
      };
      return [area, area === 'integrations' ? { ...access, use: roles.can(kind, 'use') } : access];
    }),
  ) as Omit<Acl, 'clipboardSharingEnabled' | 'desktopSessionRecording' | 'directorySharing'>;
  // Requesting and reviewing come from request and review_requests, not rules: the pages open for those users too.
  const requests = roles.requestable().roles.length > 0 || roles.searchAsRoles().length > 0;
  const reviews = roles.reviewableRoles().length > 0;
  areas.accessRequests = { ...areas.accessRequests, list: areas.accessRequests.list || requests || reviews, create: areas.accessRequests.create || requests };
  return {
    ...areas,
    clipboardSharingEnabled: roles.optionEnabled('desktop_clipboard'),
    desktopSessionRecording: roles.optionEnabled('record_desktop'),
    directorySharing: roles.optionEnabled('desktop_directory_sharing'),
  };
}
