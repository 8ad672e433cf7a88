import { type IconProps, Icons, type SideNavGroup } from '@portcullis/design';
import {
  compilePath,
  enabledFeatures,
  type Feature,
  type FeatureFlags,
  features as allFeatures,
  type WebRouteName,
  webRoutes,
} from '@portcullis/shared';

/** Each navigation item's icon, by the route it leads to, so a reader finds an area at a glance. */
export const featureIcons: Partial<Record<WebRouteName, IconProps['icon']>> = {
  nodes: Icons.Servers,
  apps: Icons.Application,
  kubernetes: Icons.Kubernetes,
  databases: Icons.Database,
  desktops: Icons.Desktop,
  sessions: Icons.LiveSession,
  users: Icons.Users,
  roles: Icons.ShieldCheck,
  sso: Icons.Key,
  locks: Icons.Lock,
  accessRequests: Icons.AccessRequest,
  integrations: Icons.Integration,
  discover: Icons.Enroll,
  integrationEnroll: Icons.AddIntegration,
  recordings: Icons.Recording,
  audit: Icons.Audit,
  clusters: Icons.Clusters,
  trustedClusters: Icons.Trust,
  assist: Icons.Assist,
};

/**
 * The side navigation from the feature list: what the user's flags allow, grouped by category and,
 * within Management, by section, in the list's order; empty groups are left out.
 */
export function navigationGroups(
  flags: FeatureFlags,
  clusterId: string,
  features: readonly Feature[] = allFeatures,
): SideNavGroup[] {
  const allowed = new Set(enabledFeatures(flags));
  const groups: SideNavGroup[] = [];
  for (const f of features) {
    if (f.placement !== 'navigation' || !f.category || !allowed.has(f)) continue;
    let group = groups.find((g) => g.category === f.category && g.section === f.section);
    if (!group)
      groups.push(
        (group = { category: f.category, ...(f.section ? { section: f.section } : {}), items: [] }),
      );
    const icon = featureIcons[f.route];
    group.items.push({
      title: f.title,
      to: compilePath(webRoutes[f.route], { clusterId }),
      exact: f.exact,
      ...(icon ? { icon } : {}),
    });
  }
  return groups;
}

/**
 * The features this console has a page for. A flag says the user may use a feature; without a page, a
 * navigation item would only lead back to /web, so features the console does not have yet are left out.
 */
export const featuresWithPages = (
  pagePaths: ReadonlySet<string>,
  features: readonly Feature[] = allFeatures,
) => features.filter((f) => pagePaths.has(webRoutes[f.route]));
