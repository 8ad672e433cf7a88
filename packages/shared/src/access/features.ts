import type { WebRouteName } from '../routes/webRoutes';
import type { FeatureFlag, FeatureFlags } from './featureFlags';

export type FeatureCategory = 'Resources' | 'Management' | 'Assist';
export type FeatureSection = 'Access' | 'Activity' | 'Billing' | 'Clusters';

/** One console feature: the console builds its navigation and route table from these. */
export interface Feature {
  title: string;
  /** The flag that gates it; null when always available. */
  flag: FeatureFlag | null;
  /** Where it appears: the side navigation, the top (user) menu, or nowhere. */
  placement: 'navigation' | 'topMenu' | 'none';
  category?: FeatureCategory;
  section?: FeatureSection;
  route: WebRouteName;
  /** False when the route also covers the paths below it (e.g. one auth connector). */
  exact: boolean;
}

const nav = (
  title: string,
  flag: FeatureFlag,
  route: WebRouteName,
  category: FeatureCategory,
  section?: FeatureSection,
  exact = true,
): Feature => ({ title, flag, placement: 'navigation', category, ...(section ? { section } : {}), route, exact });

export const features: readonly Feature[] = [
  nav('Servers', 'nodes', 'nodes', 'Resources'),
  nav('Applications', 'applications', 'apps', 'Resources'),
  nav('Kubernetes', 'kubernetes', 'kubernetes', 'Resources'),
  nav('Databases', 'databases', 'databases', 'Resources'),
  nav('Desktops', 'desktops', 'desktops', 'Resources'),
  nav('Active Sessions', 'activeSessions', 'sessions', 'Resources'),
  nav('Manage Users', 'users', 'users', 'Management', 'Access'),
  nav('Manage Roles', 'roles', 'roles', 'Management', 'Access'),
  nav('Manage Auth Connectors', 'authConnector', 'sso', 'Management', 'Access', false),
  nav('Manage Session & Identity Locks', 'locks', 'locks', 'Management', 'Access'),
  { title: 'Create New Lock', flag: 'newLocks', placement: 'none', route: 'newLock', exact: true },
  // Not in the reference console's free edition: requesting roles or resources for a while, and reviewing requests.
  nav('Access Requests', 'accessRequests', 'accessRequests', 'Management', 'Access', false),
  { title: 'New Access Request', flag: 'newAccessRequest', placement: 'none', route: 'newAccessRequest', exact: true },
  nav('Manage Integrations', 'integrations', 'integrations', 'Management', 'Access'),
  nav('Enroll New Resource', 'discover', 'discover', 'Management', 'Access'),
  nav('Enroll New Integration', 'enrollIntegrations', 'integrationEnroll', 'Management', 'Access', false),
  nav('Session Recordings', 'recordings', 'recordings', 'Management', 'Activity'),
  nav('Audit Log', 'audit', 'audit', 'Management', 'Activity'),
  nav('Manage Clusters', 'trustedClusters', 'clusters', 'Management', 'Clusters'),
  nav('Trusted Clusters', 'trustedClusters', 'trustedClusters', 'Management', 'Clusters'),
  { title: 'Account Settings', flag: null, placement: 'topMenu', route: 'account', exact: true },
  { title: 'Help & Support', flag: null, placement: 'topMenu', route: 'support', exact: true },
  nav('Assist', 'assist', 'assist', 'Assist'),
];

export const featureCategories: readonly FeatureCategory[] = ['Resources', 'Management', 'Assist'];
export const featureSections: readonly FeatureSection[] = ['Access', 'Activity', 'Billing', 'Clusters'];

/** The features a user may see: always-available ones and those whose flag is set. */
export function enabledFeatures(flags: FeatureFlags): Feature[] {
  return features.filter((f) => f.flag === null || flags[f.flag]);
}
