import type { Access, Acl } from './acl';

export const featureFlagNames = [
  'audit',
  'recordings',
  'authConnector',
  'roles',
  'trustedClusters',
  'users',
  'applications',
  'kubernetes',
  'billing',
  'databases',
  'desktops',
  'nodes',
  'activeSessions',
  'accessRequests',
  'newAccessRequest',
  'downloadCenter',
  'discover',
  'plugins',
  'integrations',
  'enrollIntegrations',
  'enrollIntegrationsOrPlugins',
  'deviceTrust',
  'locks',
  'newLocks',
  'assist',
] as const;

export type FeatureFlag = (typeof featureFlagNames)[number];
export type FeatureFlags = Record<FeatureFlag, boolean>;

/** What the flags read besides the ACL: the server's assist flag and the dashboard build. */
export interface FeatureFlagInputs {
  assistEnabled: boolean;
  isDashboard: boolean;
}

const listAndRead = (a: Access) => a.list && a.read;

/** An agent of any kind can be queried, which is what enrolling a resource needs. */
export function canQueryAgents(acl: Acl): boolean {
  return (
    acl.nodes.list ||
    listAndRead(acl.appServers) ||
    listAndRead(acl.dbServers) ||
    listAndRead(acl.kubeServers) ||
    listAndRead(acl.desktops)
  );
}

/** The feature flags that gate each area; every flag is false while no user state is loaded. */
export function makeFeatureFlags(acl: Acl | undefined, inputs: FeatureFlagInputs): FeatureFlags {
  if (!acl) return Object.fromEntries(featureFlagNames.map((f) => [f, false])) as FeatureFlags;
  return {
    audit: acl.events.list,
    recordings: acl.recordedSessions.list,
    authConnector: acl.authConnectors.list,
    roles: acl.roles.list,
    trustedClusters: acl.trustedClusters.list,
    users: acl.users.list,
    applications: acl.appServers.list,
    kubernetes: acl.kubeServers.list,
    billing: acl.billing.list,
    databases: acl.dbServers.list,
    desktops: acl.desktops.list,
    nodes: acl.nodes.list,
    activeSessions: acl.activeSessions.list,
    accessRequests: acl.accessRequests.list,
    newAccessRequest: acl.accessRequests.create,
    downloadCenter: inputs.isDashboard && (acl.license.read || acl.download.list),
    discover: acl.tokens.create || canQueryAgents(acl),
    plugins: acl.plugins.list,
    integrations: acl.integrations.list,
    enrollIntegrations: acl.integrations.create,
    enrollIntegrationsOrPlugins: acl.integrations.create || acl.plugins.list,
    deviceTrust: acl.deviceTrust.list,
    locks: acl.lock.list,
    newLocks: acl.lock.create && acl.lock.edit,
    assist: acl.assist.list && inputs.assistEnabled,
  };
}

/** Discover onboarding is checked only for users who may both add and query agents. */
export function shouldCheckDiscoverOnboarding(acl: Acl): boolean {
  return acl.tokens.create && canQueryAgents(acl);
}

/** Features shown locked, with a call to action, in usage-based billing builds. */
export const usageBasedBillingLockedFeatures = [
  'authConnectors',
  'activeSessions',
  'accessRequests',
  'premiumSupport',
  'trustedDevices',
] as const;

export type LockableFeature = (typeof usageBasedBillingLockedFeatures)[number];

export function lockedFeatures(config: { isUsageBasedBilling: boolean }): readonly LockableFeature[] {
  return config.isUsageBasedBilling ? usageBasedBillingLockedFeatures : [];
}
