import type { SideNavGroup } from '@portcullis/design';
import {
  compilePath,
  enabledFeatures,
  type Feature,
  type FeatureFlags,
  features as allFeatures,
  webRoutes,
} from '@portcullis/shared';

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
    group.items.push({ title: f.title, to: compilePath(webRoutes[f.route], { clusterId }), exact: f.exact });
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
